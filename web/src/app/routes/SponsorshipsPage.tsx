import { PageHeader } from '@/components/ui/PageHeader'
import { useSession } from '@/features/auth/use-session'
import { DealsSection } from '@/features/deals'
import { OverviewPanel } from '@/features/overview/components/OverviewPanel'
import { overviewTexts } from '@/features/overview/texts'
import { useDocumentTitle } from '@/lib/use-document-title'

/** /sponsorships: the member's money given and received in charts (each with its table), then their deals. */
export function SponsorshipsPage() {
  useDocumentTitle(overviewTexts.title)
  const { user } = useSession()
  if (!user) return null
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-6 sm:px-6">
      <PageHeader title={overviewTexts.title} description={overviewTexts.description} />
      <OverviewPanel />
      <DealsSection meId={user.id} />
    </div>
  )
}
