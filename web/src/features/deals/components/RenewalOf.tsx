import { Link } from 'react-router'
import type { Deal } from '@/lib/api-types.gen'
import { dealPath } from '@/lib/paths'
import { renewalTexts } from '../renewal-texts'

/** A renewal says which completed deal it renews ("Renewal of {title}"), a link to that deal. */
export function RenewalOf({ deal }: { deal: Deal }) {
  if (!deal.renewalOf) return null
  return (
    <p className="text-sm" data-testid="deal-renewal-of">
      {renewalTexts.renewalOf}{' '}
      <Link to={dealPath(deal.renewalOf)} className="link link-primary font-medium break-words">
        {deal.listing.title}
      </Link>
    </p>
  )
}
