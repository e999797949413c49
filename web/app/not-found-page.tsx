import { Link } from 'react-router-dom'
import { PageHeading } from '../components/page-heading'
import { paths } from '../lib/paths'

export function Component() {
  return (
    <div>
      <PageHeading title="Page not found" />
      <p className="px-4 text-neutral-400 md:px-8">
        That page does not exist. <Link className="text-brand-400 underline" to={paths.home()}>Go to Home</Link>
      </p>
    </div>
  )
}
