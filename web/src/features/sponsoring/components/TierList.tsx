import { lazy, Suspense, useState } from 'react'
import { industryLabel, useIndustries } from '@/features/app-config'
import { Button } from '@/components/ui/Button'
import { formatDate } from '@/lib/dates'
import type { SponsorshipRequest } from '@/lib/listing'
import { formatUsd } from '@/lib/money'
import { tierAvailability, tierPickLabel, type Tier } from '@/lib/tiers'
import { usePledgeState } from '../use-pledge-state'
import { ExclusiveBadge, IndustryConflict } from './CardTiers'

const PickTierDialog = lazy(() => import('./PickTierDialog').then((m) => ({ default: m.PickTierDialog })))

interface TierListProps {
  request: SponsorshipRequest
  own: boolean
}

/**
 * The packages of a request in its detail views (the dialog, the page): what each costs and what is
 * left, an unavailable one with its reason, its benefits and its Pick button. The viewer's industry
 * conflict comes first and disables every pick. Cards list them with CardTiers.
 */
export function TierList({ request, own }: TierListProps) {
  const { tiers = [], industryConflict, clashingIndustries = [], exclusiveIndustries = [] } = request
  const industries = useIndustries()
  const names = (keys: string[]) => keys.map((k) => industryLabel(industries, k)).join(', ')
  const { status, myPledge } = usePledgeState(request)
  const [picking, setPicking] = useState<Tier | null>(null)
  const canPick = !own && !industryConflict && status === 'open' && !myPledge
  return (
    <div className="flex flex-col gap-2" data-testid="tier-list">
      <IndustryConflict text={industryConflict} />
      {tiers.length > 0 && (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Packages">
          {tiers.map((tier) => (
            <TierCard key={tier.id} tier={tier} own={own} canPick={canPick} onPick={() => setPicking(tier)} />
          ))}
        </ul>
      )}
      {(clashingIndustries.length > 0 || exclusiveIndustries.length > 0) && (
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
      <p className={`text-sm font-medium ${tier.available ? 'text-base-content/80' : 'text-base-content/75'}`}>{tierAvailability(tier)}</p>
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
