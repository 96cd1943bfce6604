import { lazy, Suspense, useState } from 'react'
import { Badge } from '@/components/ui/Badge'
import { industryLabel, useIndustries } from '@/features/app-config'
import { Button } from '@/components/ui/Button'
import { formatDate } from '@/lib/dates'
import type { SponsorshipRequest } from '@/lib/listing'
import { formatUsd } from '@/lib/money'
import { tierLeftText, tierPickLabel, type Tier } from '@/lib/tiers'
import { usePledgeState } from '../use-pledge-state'

const PickTierDialog = lazy(() => import('./PickTierDialog').then((m) => ({ default: m.PickTierDialog })))

/** How many packages a card lists before "and N more". */
const CARD_TIERS = 3

interface TierListProps {
  request: SponsorshipRequest
  own: boolean
  detail: boolean
}

/**
 * The packages of a request: what each costs and what is left, an unavailable one with its reason;
 * in the detail views also its benefits and its Pick button. The viewer's industry conflict comes
 * first and disables every pick.
 */
export function TierList({ request, own, detail }: TierListProps) {
  const { tiers = [], industryConflict, clashingIndustries = [], exclusiveIndustries = [] } = request
  const industries = useIndustries()
  const names = (keys: string[]) => keys.map((k) => industryLabel(industries, k)).join(', ')
  const { status, myPledge } = usePledgeState(request)
  const [picking, setPicking] = useState<Tier | null>(null)
  const canPick = !own && !industryConflict && status === 'open' && !myPledge
  const shown = detail ? tiers : tiers.slice(0, CARD_TIERS)
  return (
    <div className="flex flex-col gap-2" data-testid="tier-list">
      {industryConflict && (
        <p role="note" className="alert alert-warning px-3 py-2 text-sm" data-testid="industry-conflict">
          {industryConflict}
        </p>
      )}
      {tiers.length > 0 && (
        <ul className={detail ? 'grid gap-3 sm:grid-cols-2' : 'flex flex-col gap-1'} aria-label="Packages">
          {shown.map((tier) =>
            detail ? (
              <TierCard key={tier.id} tier={tier} own={own} canPick={canPick} onPick={() => setPicking(tier)} />
            ) : (
              <TierLine key={tier.id} tier={tier} />
            ),
          )}
          {!detail && tiers.length > CARD_TIERS && <li className="text-xs text-base-content/75">and {tiers.length - CARD_TIERS} more</li>}
        </ul>
      )}
      {detail && (clashingIndustries.length > 0 || exclusiveIndustries.length > 0) && (
        <p className="text-xs text-base-content/75" data-testid="closed-industries">
          {exclusiveIndustries.length > 0 && `Held exclusively by a sponsor in ${names(exclusiveIndustries)}. `}
          {clashingIndustries.length > 0 && `Not open to sponsors in ${names(clashingIndustries)}.`}
        </p>
      )}
      {picking && (
        <Suspense fallback={null}>
          <PickTierDialog request={request} tier={picking} onClose={() => setPicking(null)} />
        </Suspense>
      )}
    </div>
  )
}

/** What is left, or why it cannot be picked (the server's words). */
function availability(tier: Tier): string {
  return tier.available || !tier.unavailableReason ? tierLeftText(tier) : tier.unavailableReason
}

function ExclusiveBadge() {
  return <Badge className="border-secondary/40 bg-secondary/10 text-secondary">Exclusive</Badge>
}

/** One package on a card: name, price and what is left, on one line. */
function TierLine({ tier }: { tier: Tier }) {
  return (
    <li
      className={`flex items-center justify-between gap-2 rounded-field border border-base-300 px-2.5 py-1.5 text-sm ${tier.available ? '' : 'text-base-content/60'}`}
      aria-disabled={!tier.available || undefined}
    >
      <span className="flex min-w-0 items-center gap-1.5">
        <span className="truncate font-semibold">{tier.name}</span>
        {tier.exclusive && <ExclusiveBadge />}
      </span>
      <span className="flex shrink-0 items-baseline gap-2">
        <span className="font-semibold">{formatUsd(tier.price)}</span>
        <span className="text-xs text-base-content/75">{availability(tier)}</span>
      </span>
    </li>
  )
}

function saleWindow(tier: Tier): string {
  const from = tier.saleStart ? formatDate(tier.saleStart, 'UTC') : ''
  const to = tier.saleEnd ? formatDate(tier.saleEnd, 'UTC') : ''
  if (from && to) return `On sale ${from} – ${to}`
  if (from) return `On sale from ${from}`
  if (to) return `On sale until ${to}`
  return ''
}

/** One package in the detail views: its benefits and its Pick button (not on the poster's own request). */
function TierCard({ tier, own, canPick, onPick }: { tier: Tier; own: boolean; canPick: boolean; onPick: () => void }) {
  const window = saleWindow(tier)
  return (
    <li
      className={`flex flex-col gap-2 rounded-box border p-4 ${tier.available ? 'border-base-300 bg-base-100' : 'border-base-300 bg-base-200/60'}`}
      data-testid="tier"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="flex items-center gap-2 font-semibold">
          {tier.name}
          {tier.exclusive && <ExclusiveBadge />}
        </h3>
        <span className="text-lg font-bold text-primary">{formatUsd(tier.price)}</span>
      </div>
      <p className={`text-sm font-medium ${tier.available ? 'text-base-content/80' : 'text-base-content/75'}`}>{availability(tier)}</p>
      <ul className="list-disc space-y-0.5 pl-5 text-sm" aria-label={`${tier.name} benefits`}>
        {tier.benefits.map((b, i) => (
          <li key={i}>
            {b.title}
            {b.due && <span className="text-base-content/70"> (by {formatDate(b.due, 'UTC')})</span>}
          </li>
        ))}
      </ul>
      {tier.exclusive && (
        <p className="text-xs text-base-content/75">No other sponsor of the holder&apos;s industry may back this request.</p>
      )}
      {window && <p className="text-xs text-base-content/75">{window}</p>}
      {!own && (
        <Button size="sm" className="mt-auto self-start" disabled={!canPick || !tier.available} onClick={onPick}>
          {tierPickLabel(tier)}
        </Button>
      )}
    </li>
  )
}
