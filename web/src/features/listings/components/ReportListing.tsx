import { lazy, Suspense, useState } from 'react'
import { Button } from '@/components/ui/Button'
import type { Listing } from '@/lib/listing'

// The form and its libraries load when a member opens it.
const ReportDialog = lazy(() => import('./ReportDialog').then((m) => ({ default: m.ReportDialog })))

/** Listings reported (or found already reported) in this session: their button reads "Reported". */
const reported = new Set<string>()
const keyOf = (listing: Listing) => `${listing.kind}:${listing.item.id}`

/** The detail dialog's "Report" button and its dialog (signed-in members, not on their own listing). */
export function ReportListing({ listing }: { listing: Listing }) {
  const [open, setOpen] = useState(false)
  const [done, setDone] = useState(() => reported.has(keyOf(listing)))

  function markReported() {
    reported.add(keyOf(listing))
    setDone(true)
    setOpen(false)
  }

  return (
    <>
      <Button variant="ghost" className="mr-auto" disabled={done} onClick={() => setOpen(true)}>
        {done ? 'Reported' : 'Report'}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog listing={listing} onClose={() => setOpen(false)} onReported={markReported} />
        </Suspense>
      )}
    </>
  )
}
