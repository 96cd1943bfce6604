/**
 * A request's packages (tiers) as the web app reads them (docs/api/packages.md): the words every screen
 * uses for what is left of a tier and for picking it. Shared by the cards, the detail views, the pick
 * dialog and the poster's editor. Small and in the entry chunk: a card with packages needs it on the
 * first screen (the limits, for the editor, are in tier-limits.ts).
 */
import type { Industry, ListingItem, Tier } from './api-types.gen'
import { formatUsd } from './money'

export type { Industry, Tier }
/** What a request answer carries about its packages. */
export type Packaged = Pick<
  ListingItem,
  'tiers' | 'anyAmount' | 'holdDays' | 'clashingIndustries' | 'exclusiveIndustries' | 'industryConflict'
>

/** What is left of a tier: "Unlimited", "Sold out" or "2 of 3 left". */
export function tierLeftText(tier: Pick<Tier, 'quantity' | 'left'>): string {
  if (tier.quantity === 0 || tier.left === null) return 'Unlimited'
  if (tier.left <= 0) return 'Sold out'
  return `${tier.left} of ${tier.quantity} left`
}

/** The pick button's words: "Pick Gold — $5,000". */
export function tierPickLabel(tier: Pick<Tier, 'name' | 'price'>): string {
  return `Pick ${tier.name} — ${formatUsd(tier.price)}`
}

/** How many slots of a tier are held or sold: the poster's editor locks what they constrain. */
export function tierSlotsTakenText(taken: number): string {
  return taken === 1 ? '1 slot held or sold' : `${taken} slots held or sold`
}

/** What a tier's line says beside its price: what is left, or why it cannot be picked (the server's words). */
export function tierAvailability(tier: Pick<Tier, 'quantity' | 'left' | 'available' | 'unavailableReason'>): string {
  return tier.available || !tier.unavailableReason ? tierLeftText(tier) : tier.unavailableReason
}
