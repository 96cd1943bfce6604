import { MessageIcon } from '@/components/ui/icons'
import { ComingSoon, PageHeader } from '@/components/ui/PageHeader'
import { useDocumentTitle } from '@/lib/use-document-title'

export function MessagesPage() {
  useDocumentTitle('Messages')
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-6 sm:px-6">
      <PageHeader title="Messages" description="Talk directly with sponsors and the people you sponsor." />
      <div className="flex flex-col items-center gap-3 rounded-box border border-base-300 bg-base-100 px-6 py-14 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
          <MessageIcon className="size-7" />
        </span>
        <h2 className="text-lg font-semibold">No conversations yet</h2>
        <p className="max-w-md text-sm text-base-content/75">
          When you apply for a sponsorship or sponsor a project, a conversation with the other member will start here.
        </p>
      </div>
      <ComingSoon
        title="Conversations"
        items={['Conversations started from applications and sponsorships', 'Unread counts and live delivery of new messages', 'Notifications for new applications and decisions']}
      />
    </div>
  )
}
