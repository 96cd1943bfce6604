import { Link } from 'react-router'
import { PageHeader } from '@/components/ui/PageHeader'
import { useSession } from '@/features/auth/use-session'
import { SavedSearchesCard } from '@/features/saved-searches/components/SavedSearchesCard'
import { paths } from '@/lib/paths'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useScrollToHash } from '@/lib/use-scroll-to-hash'
import { AvatarForm } from '@/features/settings/components/AvatarForm'
import { DeleteAccount } from '@/features/settings/components/DeleteAccount'
import { EmailForm } from '@/features/settings/components/EmailForm'
import { EventsCard } from '@/features/settings/components/EventsCard'
import { EmailPreferencesCard } from '@/features/settings/components/EmailPreferencesCard'
import { PasswordForm } from '@/features/settings/components/PasswordForm'
import { PrivacyCard } from '@/features/settings/components/PrivacyCard'
import { ProfileForm } from '@/features/settings/components/ProfileForm'
import { SessionsCard } from '@/features/settings/components/SessionsCard'

export function SettingsPage() {
  useDocumentTitle('Settings')
  useScrollToHash() // the e-mail notes link to #settings-email, offers' eligibility to #settings-events
  const { user } = useSession()
  if (!user) return null
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:px-6">
      <PageHeader
        title="Settings"
        description={
          <>
            Signed in as @{user.username}.{' '}
            <Link to={paths.profile} className="link link-primary">
              View your profile
            </Link>
          </>
        }
      />
      <AvatarForm user={user} />
      <ProfileForm key={user.id} user={user} />
      <EventsCard key={`events-${user.id}`} user={user} />
      <EmailForm key={`email-${user.id}`} user={user} />
      <PasswordForm user={user} />
      <SavedSearchesCard />
      <EmailPreferencesCard user={user} />
      <PrivacyCard user={user} />
      <SessionsCard />
      <DeleteAccount user={user} />
    </div>
  )
}
