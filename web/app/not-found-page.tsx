/** The page of an address no route has. */
import { Link } from 'react-router-dom'
import { PageHeading } from '../components/page-heading'
import { t } from '../i18n'
import { paths } from '../lib/paths'

export function Component() {
  return (
    <div>
      <PageHeading title={t('shell.notFoundTitle')} />
      <p className="px-4 text-neutral-400 md:px-8">
        {t('shell.notFoundText')} <Link className="text-brand-400 underline" to={paths.home()}>{t('common.goToHome')}</Link>
      </p>
    </div>
  )
}
