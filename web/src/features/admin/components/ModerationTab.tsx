import { useState, type ComponentType } from 'react'
import { useSession } from '@/features/auth/session'
import { listingKinds } from '@/lib/api-types.gen'
import type { Listing } from '@/lib/listing'
import { useModerationQueue } from '../api/list-moderation'
import { useApproveListing, type ModerationTarget } from '../api/moderate-listing'
import { adminTexts } from '../texts'
import type { AdminListingKind } from '../types'
import { toListing } from './moderation-state'
import { ModerationRow } from './ModerationRow'
import { notifyError, notifySuccess } from './notify'
import { Pager } from './Pager'
import { EmptyState, QueryStatus } from './QueryStatus'
import { RejectDialog } from './RejectDialog'
import { SegmentedFilter } from './SegmentedFilter'

const kinds = [
  { value: '', label: 'All' },
  { value: listingKinds.sponsorships.apiSegment, label: listingKinds.sponsorships.tab },
  { value: listingKinds.requests.apiSegment, label: listingKinds.requests.tab },
] as const

interface ModerationTabProps {
  /** The listing detail dialog (the listings feature's, composed by the admin page). */
  ListingDetail: ComponentType<{ listing: Listing | null; currentUserId?: string; onClose: () => void }>
}

export function ModerationTab({ ListingDetail }: ModerationTabProps) {
  const { user } = useSession()
  const [kind, setKind] = useState<AdminListingKind | ''>('')
  const [page, setPage] = useState(1)
  const [opened, setOpened] = useState<Listing | null>(null)
  const [rejecting, setRejecting] = useState<(ModerationTarget & { title: string }) | null>(null)
  const queue = useModerationQueue(kind, page)
  const approve = useApproveListing()

  function onApprove(target: ModerationTarget, title: string) {
    approve.mutate(target, {
      onSuccess: () => notifySuccess(adminTexts.approved, title),
      onError: notifyError,
    })
  }

  return (
    <div className="space-y-4">
      <SegmentedFilter
        label="Listing kind"
        items={kinds}
        value={kind}
        onChange={(value) => {
          setKind(value)
          setPage(1)
        }}
      />
      <QueryStatus query={queue} loading="Loading the moderation queue">
        {() =>
          queue.data && queue.data.items.length > 0 ? (
            <>
              <ul className={`space-y-3 ${queue.isPlaceholderData ? 'opacity-60' : ''}`} aria-label="Listings to review">
                {queue.data.items.map((item) => {
                  const target = { kind: item.kind, id: item.listing.id }
                  return (
                    <li key={`${item.kind}-${item.listing.id}`}>
                      <ModerationRow
                        item={item}
                        busy={approve.isPending && approve.variables?.id === item.listing.id}
                        onOpen={() => setOpened(toListing(item))}
                        onApprove={() => onApprove(target, item.listing.title)}
                        onReject={() => setRejecting({ ...target, title: item.listing.title })}
                      />
                    </li>
                  )
                })}
              </ul>
              <Pager label="Moderation queue pages" list={queue.data} onChange={setPage} />
            </>
          ) : (
            <EmptyState>{adminTexts.queueEmpty}</EmptyState>
          )
        }
      </QueryStatus>
      <ListingDetail listing={opened} currentUserId={user?.id} onClose={() => setOpened(null)} />
      <RejectDialog target={rejecting} onClose={() => setRejecting(null)} />
    </div>
  )
}
