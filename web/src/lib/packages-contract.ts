/**
 * The packages fields of docs/api/packages.md, written from the contract while the server's routes
 * are being built. Replace with the generated types (lib/api-types.gen.ts) once they carry them.
 */
import type { ListingItem } from './api-types.gen'

export interface TierBenefit {
  title: string
  due?: string
}

export interface Tier {
  id: string
  name: string
  price: number
  /** 0: unlimited. */
  quantity: number
  taken: number
  /** quantity − taken; null when unlimited. */
  left: number | null
  benefits: TierBenefit[]
  saleStart?: string
  saleEnd?: string
  exclusive: boolean
  available: boolean
  unavailableReason: string
}

/** What a request answer carries about its packages. */
export interface Packaged {
  tiers?: Tier[]
  anyAmount?: boolean
  holdDays?: number
  clashingIndustries?: string[]
  exclusiveIndustries?: string[]
  /** For a signed-in member: the sentence that refuses them on this request. */
  industryConflict?: string
}

export function packagesOf(item: ListingItem | object): Packaged {
  return item as Packaged
}

/** A pledge's package: `tier` names one of the request's tiers (the pledge is its price). */
export interface PledgeTier {
  tier?: string
}

/** A deal opened from a package: its tier and, until it is funded, when the held slot is freed. */
export interface DealPackage {
  tier?: { id: string; name: string } | null
  /** "" once funded or ended. */
  holdUntil?: string
}

export function dealPackageOf(deal: object): DealPackage {
  return deal as DealPackage
}

/** The packages' limits (docs/api/packages.md, "Tiers on a request"). */
export const tierLimits = { tiers: 6, name: 60, quantity: 50, benefits: 20, holdDaysMin: 1, holdDaysMax: 30, holdDaysDefault: 7 } as const

/** One of the industries a member may state (`GET /api/app-config` `industries`). */
export interface Industry {
  key: string
  label: string
}

/** What a member's answers carry about their industry ("" when not stated). */
export interface WithIndustry {
  industry?: string
}
