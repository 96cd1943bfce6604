import { ComingSoon, PageHeader } from '@/components/ui/PageHeader'
import { useSession } from '@/features/auth/use-session'
import { useDocumentTitle } from '@/lib/use-document-title'

export function SettingsPage() {
  useDocumentTitle('Settings')
  const { user } = useSession()
  if (!user) return null
  const rows = [
    ['Display name', user.displayName],
    ['Username', `@${user.username}`],
    ['E-mail', user.email || 'Not set'],
  ]
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:px-6">
      <PageHeader title="Settings" description="Your account details." />
      <section className="card border border-base-300 bg-base-100" aria-labelledby="settings-account">
        <div className="card-body">
          <h2 id="settings-account" className="font-semibold">Account</h2>
          <dl className="divide-y divide-base-300">
            {rows.map(([label, value]) => (
              <div key={label} className="grid grid-cols-3 gap-4 py-3 text-sm">
                <dt className="text-base-content/75">{label}</dt>
                <dd className="col-span-2 break-words">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
      <ComingSoon
        title="Editing your account"
        items={[
          'Change your display name, bio and avatar',
          'Add social media links, which administrators can verify',
          'Set your e-mail address and change your password',
          'Delete your account',
        ]}
      />
    </div>
  )
}
