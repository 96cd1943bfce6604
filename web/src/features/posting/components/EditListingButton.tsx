import { lazy, Suspense, useState } from 'react'
import { Button } from '@/components/ui/Button'
import type { Listing } from '@/lib/listing'

// The form and its libraries load when the poster opens it.
const EditListingDialog = lazy(() => import('./EditListingDialog').then((m) => ({ default: m.EditListingDialog })))

/** The poster's Edit: the posting form, filled in (the 24-hour rule does not apply to edits). */
export function EditListingButton({ listing }: { listing: Listing }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Edit
      </Button>
      {open && (
        <Suspense fallback={null}>
          <EditListingDialog listing={listing} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
