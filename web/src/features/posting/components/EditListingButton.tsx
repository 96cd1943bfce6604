import { lazy, Suspense, useState } from 'react'
import { Button } from '@/components/ui/Button'
import { reopensWithNewDate, type Listing } from '@/lib/listing'

// The form and its libraries load when the poster opens it.
const EditListingDialog = lazy(() => import('./EditListingDialog').then((m) => ({ default: m.EditListingDialog })))

/**
 * The poster's Edit: the posting form, filled in (the 24-hour rule does not apply to edits). On a
 * request whose event date passed it is the way to reopen it: a new date reopens it on the server.
 */
export function EditListingButton({ listing }: { listing: Listing }) {
  const [open, setOpen] = useState(false)
  const reopen = reopensWithNewDate(listing)
  return (
    <>
      <Button variant={reopen ? 'primary' : 'outline'} onClick={() => setOpen(true)}>
        {reopen ? 'Change the event date to reopen' : 'Edit'}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <EditListingDialog listing={listing} reopen={reopen} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
