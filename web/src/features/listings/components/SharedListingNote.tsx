import { matchPath } from 'react-router'
import { formatUsd } from '@/lib/money'
import { kindOfSegment, type ListingKind } from '@/lib/listing'
import { paths } from '@/lib/paths'
import { useListingPreview } from '../api/get-listing-preview'

function sharedListing(returnTo: string): { kind: ListingKind; id: string } | null {
  const match = matchPath(paths.listing, returnTo.split('?')[0])
  const kind = kindOfSegment(match?.params.kind)
  const id = match?.params.id
  if (!kind || !id) return null
  return { kind, id }
}

/**
 * On the sign-in screen a shared listing link led to: the listing its preview showed (title,
 * kind, amount, place), so the visitor sees what they came for while they sign in or register.
 * Nothing for any other way back, or for a listing without a preview.
 */
export function SharedListingNote({ returnTo }: { returnTo: string }) {
  const shared = sharedListing(returnTo)
  const preview = useListingPreview(shared?.kind ?? 'sponsorships', shared?.id ?? '', shared !== null)
  if (!shared || !preview.data) return null
  const p = preview.data
  return (
    <section
      aria-labelledby="shared-listing-title"
      className="mt-6 rounded-box border border-primary/30 bg-base-100 p-4 shadow-sm"
      data-testid="shared-listing"
    >
      <p className="text-xs font-medium text-base-content/75">The listing you were sent</p>
      <h2 id="shared-listing-title" className="mt-1 text-lg font-semibold break-words">
        {p.title}
      </h2>
      <p className="mt-1 text-sm">
        <span className="font-medium text-primary">{p.kindLabel}</span> · <span className="font-semibold">{formatUsd(p.amount)}</span>
        {p.place && <> · {p.place}</>}
      </p>
      {p.excerpt && <p className="mt-2 line-clamp-2 text-sm text-base-content/75">{p.excerpt}</p>}
      <p className="mt-2 text-sm text-base-content/75">Sign in or register to see all of it. You will be taken back to it.</p>
    </section>
  )
}
