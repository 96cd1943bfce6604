import { Link } from 'react-router'
import { RepeatIcon } from '@/components/ui/icons'
import type { RenewableDeal } from '@/lib/pending-contract'
import { dealPath } from '@/lib/paths'
import { renewalTexts } from '../renewal-texts'

/** A renewal says which completed deal it renews ("Renewal of {title}"), a link to that deal. */
export function RenewalOf({ deal }: { deal: RenewableDeal }) {
  if (!deal.renewalOf) return null
  return (
    <p className="flex items-center gap-2 text-sm" data-testid="deal-renewal-of">
      <RepeatIcon className="size-4 shrink-0 text-base-content/70" />
      <span>
        {renewalTexts.renewalOf}{' '}
        <Link to={dealPath(deal.renewalOf)} className="link link-primary font-medium break-words">
          {deal.listing.title}
        </Link>
      </span>
    </p>
  )
}
