/**
 * /profile (SPEC.md section 2): Profile Information, Change Password, an administrator's
 * two-factor sign-in, passkeys, where the account is signed
 * in (with sign-out per browser and everywhere), hiding watched titles and spoilers, and the account's watchlist and recent history. 'Loading...' while the session resolves; signed out goes to
 * /login, which brings the visitor back here afterwards.
 */
import { Navigate } from 'react-router-dom'
import { PageHeading } from '../../components/page-heading'
import { t } from '../../i18n'
import { paths } from '../../lib/paths'
import { awaitsSecondFactor, useSession } from '../../lib/session'
import { useProfile } from './api'
import { MyDataSection } from './my-data-section'
import { MyServicesSection } from './my-services-section'
import { NoticesSection } from './notices-section'
import { PasswordSection } from './password-section'
import { ProfileInfo } from './profile-info'
import { ProfileLists } from './profile-lists'
import { PasskeysSection } from './passkeys-section'
import { SessionsSection } from './sessions-section'
import { TasteSection } from './taste-section'
import { TwoFactorSection } from './two-factor-section'

function Loading() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center" role="status">
      <p className="text-neutral-400">{t('account.loading')}</p>
    </div>
  )
}

function SignedInProfile() {
  const profile = useProfile(true)
  return (
    <div className="pb-12">
      <PageHeading title={t('account.profileTitle')} description={t('account.profileDescription')} />
      <div className="max-w-6xl space-y-6 px-4 md:px-8">
        {profile.data ? (
          <ProfileInfo profile={profile.data} />
        ) : profile.isError ? (
          <p role="alert" className="text-red-300">
            {t('account.profileLoadFailed')}
          </p>
        ) : (
          <Loading />
        )}
        {/* Drawn with the profile, not before it: arriving above them, it would push them down. */}
        {!profile.isPending && (
          <>
            <PasswordSection secondFactor={profile.data?.type === 'admin'} />
            {profile.data?.type === 'admin' && <TwoFactorSection />}
            <PasskeysSection secondFactor={profile.data?.type === 'admin'} />
            <SessionsSection />
            <MyServicesSection />
            <TasteSection />
            <NoticesSection />
            <ProfileLists />
            <MyDataSection canDelete={profile.data?.type === 'user'} />
          </>
        )}
      </div>
    </div>
  )
}

export function Component() {
  const session = useSession()
  if (session === undefined) return <Loading />
  if (session === null) return <Navigate to={paths.login(paths.profile())} replace />
  if (awaitsSecondFactor(session)) return <Navigate to={paths.twoFactor(paths.profile())} replace />
  return <SignedInProfile />
}
