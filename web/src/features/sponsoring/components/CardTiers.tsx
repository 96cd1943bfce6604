import { Badge } from '@/components/ui/Badge'
import type { SponsorshipRequest } from '@/lib/listing'
import { formatUsd } from '@/lib/money'
import { tierAvailability, type Tier } from '@/lib/tiers'

/** How many packages a card lists before "and N more". */
const CARD_TIERS = 3

/**
 * A request's packages on its card: the viewer's industry conflict first, then each package's name,
 * price and what is left, one line each. Loaded with the cards (a card with packages is a first-screen
 * card); the detail views' list, with benefits and Pick buttons, is TierList, loaded when opened.
 */
export function CardTiers({ request }: { request: SponsorshipRequest }) {
  const { tiers = [], industryConflict } = request
  return (
    <div className="flex flex-col gap-2" data-testid="tier-list">
      <IndustryConflict text={industryConflict} />
      {tiers.length > 0 && (
        <ul className="flex flex-col gap-1" aria-label="Packages">
          {tiers.slice(0, CARD_TIERS).map((tier) => (
            <TierLine key={tier.id} tier={tier} />
          ))}
          {tiers.length > CARD_TIERS && <li className="text-xs text-base-content/75">and {tiers.length - CARD_TIERS} more</li>}
        </ul>
      )}
    </div>
  )
}

/** The sentence that refuses this viewer on the request, shown before any pledge. */
export function IndustryConflict({ text }: { text?: string }) {
  if (!text) return null
  return (
    <p role="note" className="alert alert-warning px-3 py-2 text-sm" data-testid="industry-conflict">
      {text}
    </p>
  )
}

export function ExclusiveBadge() {
  return <Badge className="border-secondary/40 bg-secondary/10 text-secondary">Exclusive</Badge>
}

/** One package on a card: name, price and what is left, on one line. */
function TierLine({ tier }: { tier: Tier }) {
  return (
    <li
      className={`flex items-center justify-between gap-2 rounded-field border border-base-300 px-2.5 py-1.5 text-sm ${tier.available ? '' : 'text-base-content/75'}`}
      aria-disabled={!tier.available || undefined}
    >
      <span className="flex min-w-0 items-center gap-1.5">
        <span className="truncate font-semibold">{tier.name}</span>
        {tier.exclusive && <ExclusiveBadge />}
      </span>
      <span className="flex shrink-0 items-baseline gap-2">
        <span className="font-semibold">{formatUsd(tier.price)}</span>
        <span className="text-xs text-base-content/75">{tierAvailability(tier)}</span>
      </span>
    </li>
  )
}
