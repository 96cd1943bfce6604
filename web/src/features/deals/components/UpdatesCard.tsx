import { useState } from 'react'
import { Button } from '@/components/ui/Button'
import { PersonLink } from '@/components/ui/MemberName'
import { ApiError, errorMessage } from '@/lib/api'
import type { Deal } from '@/lib/api-types.gen'
import { formatDateTime } from '@/lib/dates'
import { personName } from '@/lib/member'
import { toast } from '@/lib/toast'
import { usePostUpdate } from '../api/deals'
import { DealPicture } from '@/components/ui/DealPicture'
import { UpdateDialog } from './UpdateDialog'

/**
 * The request poster's updates to all its sponsors (deals of a pledge), oldest first, each with its
 * picture; the poster posts one from here. An update's picture is read through this deal.
 */
export function UpdatesCard({ deal, sponsor }: { deal: Deal; sponsor: boolean }) {
  const postUpdate = usePostUpdate(deal.id, deal.listing.id)
  const [open, setOpen] = useState(false)
  const updates = deal.updates ?? []
  const canPost = !sponsor && deal.status !== 'cancelled'
  if (deal.origin !== 'pledge' || (updates.length === 0 && !canPost)) return null

  return (
    <section aria-labelledby="updates-heading" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="updates-heading" className="text-lg font-semibold">
            Updates
          </h2>
          {canPost && (
            <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
              Post an update to all sponsors
            </Button>
          )}
        </div>
        {updates.length === 0 ? (
          <p className="text-sm text-base-content/75">Tell your sponsors how the project is going: every sponsor reads it here.</p>
        ) : (
          <ul className="space-y-3" data-testid="deal-updates">
            {updates.map((u) => (
              <li key={u.id} className="space-y-1 rounded-box bg-base-200 px-4 py-3">
                <p className="text-sm text-base-content/75">
                  <PersonLink person={u.author} /> · <time dateTime={u.createdAt}>{formatDateTime(u.createdAt)}</time>
                </p>
                <p className="break-words whitespace-pre-line">{u.body}</p>
                {u.picture && (
                  <div className="pt-1">
                    <DealPicture dealId={deal.id} pictureId={u.picture} alt={`Attached to ${personName(u.author)}’s update`} />
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <UpdateDialog
        open={open}
        onClose={() => setOpen(false)}
        pending={postUpdate.isPending}
        onSubmit={async (values, setError) => {
          try {
            await postUpdate.mutateAsync(values)
            toast({ title: 'Update posted', description: 'Your sponsors have it.', variant: 'success' })
            return true
          } catch (error) {
            const fields = error instanceof ApiError ? error.fieldErrors : {}
            if (fields.body || fields.picture) {
              if (fields.body) setError('body', fields.body)
              if (fields.picture) setError('picture', fields.picture)
              return false
            }
            toast({ title: 'That did not go through', description: errorMessage(error), variant: 'destructive' })
            return false
          }
        }}
      />
    </section>
  )
}
