import { Link } from 'react-router'
import { PageHeader } from '@/components/ui/PageHeader'
import { useSession } from '@/features/auth/use-session'
import { SavedSearchesCard } from '@/features/saved-searches/components/SavedSearchesCard'
import { paths } from '@/lib/paths'
import { useDocumentTitle } from '@/lib/use-document-title'
import { AvatarForm } from '../components/AvatarForm'
import { DeleteAccount } from '../components/DeleteAccount'
import { EmailForm } from '../components/EmailForm'
import { EmailPreferencesCard } from '../components/EmailPreferencesCard'
import { PasswordForm } from '../components/PasswordForm'
import { ProfileForm } from '../components/ProfileForm'
import { SessionsCard } from '../components/SessionsCard'

export function SettingsPage() {
  useDocumentTitle('Settings')
  const { user } = useSession()
  if (!user) return null
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:px-6">
      <PageHeader
        title="Settings"
        description={<>Signed in as @{user.username}. <Link to={paths.profile} className="link link-primary">View your profile</Link></>}
      />
      <AvatarForm user={user} />
      <ProfileForm key={user.id} user={user} />
      <EmailForm key={`email-${user.id}`} user={user} />
      <PasswordForm user={user} />
      <SavedSearchesCard />
      <EmailPreferencesCard />
      <SessionsCard />
      <DeleteAccount user={user} />
    </div>
  )
}
