/*
 * TEMPORARY: the routes of docs/api/proof-of-value.md ("Renewing", "A member's overview") that this
 * branch calls before the backend's (h-l) are generated into api-types.gen.ts. Delete this module
 * after merging h-l: every `pendingApi(` becomes `api(` and the types come from api-types.gen.ts.
 */
import { api } from './api'
import type { ApiRoute, Deal, DealStatus, Person } from './api-types.gen'

export interface RenewInput {
  amount?: number
  eventDate?: string
}

export interface InviteInput {
  requestId: string
}

export interface Invited {
  invited: boolean
}

/** A deal that may renew another (deals.renewalOf). */
export type RenewableDeal = Deal & { renewalOf?: string }

export interface OverviewTotal {
  total: number
  deals: number
}

export interface OverviewMonth {
  month: string
  given: number
  received: number
}

export interface OverviewCategory {
  category: string
  given: number
  received: number
}

export interface OverviewReach {
  month: string
  measured: number
  reported: number
}

export interface OverviewOnTime {
  month: string
  share: number | null
  deliverables: number
}

export interface OverviewDeal {
  id: string
  status: DealStatus
  amount: number
  sponsor: Person
  recipient: Person
}

export interface DealsOverview {
  given: OverviewTotal
  received: OverviewTotal
  months: OverviewMonth[]
  categories: OverviewCategory[]
  reach: OverviewReach[]
  onTime: OverviewOnTime[]
  deals: OverviewDeal[]
}

interface PendingRoutes {
  'POST /api/deals/{id}/renew': { body: RenewInput; answer: RenewableDeal }
  'POST /api/deals/{id}/invite': { body: InviteInput; answer: Invited }
  'GET /api/deals/overview': { body: undefined; answer: DealsOverview }
}

type PendingRoute = keyof PendingRoutes

export function pendingApi<R extends PendingRoute>(
  route: R,
  args: { params?: Record<string, string>; body?: PendingRoutes[R]['body']; signal?: AbortSignal },
): Promise<PendingRoutes[R]['answer']> {
  const call = api as unknown as (r: ApiRoute, a: unknown) => Promise<PendingRoutes[R]['answer']>
  return call(route as unknown as ApiRoute, args)
}

/** The largest amount of a renewal (docs/api/proof-of-value.md, "Renewing"); from limits.gen.ts once generated. */
export const RENEW_AMOUNT_MAX = 10_000_000
