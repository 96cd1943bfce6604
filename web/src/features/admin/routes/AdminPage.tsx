import { ExternalLinkIcon } from '@/components/ui/icons'
import { ComingSoon, PageHeader } from '@/components/ui/PageHeader'
import { buttonClass } from '@/components/ui/button-class'
import { useDocumentTitle } from '@/lib/use-document-title'

export function AdminPage() {
  useDocumentTitle('Admin Dashboard')
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-6 sm:px-6">
      <PageHeader
        title="Admin Dashboard"
        description="Moderation, members and payments."
        actions={
          <a href="/_/" className={buttonClass({ variant: 'outline' })} target="_blank" rel="noopener noreferrer">
            Superuser dashboard <ExternalLinkIcon className="size-4" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        }
      />
      <div className="grid gap-4 md:grid-cols-2">
        <ComingSoon title="Moderation queue">New and reported listings, newest first, with approve and reject (with a reason shown to the poster).</ComingSoon>
        <ComingSoon title="Members">Search members, verify them and their social links.</ComingSoon>
        <ComingSoon title="Payments and subscriptions">Orders, payments and active subscriptions with totals.</ComingSoon>
        <ComingSoon title="Contact messages and audit log">Messages sent through Contact Us, and a record of every moderation action.</ComingSoon>
      </div>
    </div>
  )
}
