/**
 * TEMPORARY (deleted once h-k and h-s are merged): the shapes of docs/api/proof-of-value.md until the
 * generated api-types.gen.ts has them.
 */
import { api, type CallArgs } from './api'
import type { ApiRoute, Person } from './api-types.gen'

export type Provenance = 'self' | 'evidenced' | 'measured'

export interface EvidenceFile {
  id: string
  kind: string
  name: string
  url: string
}

export interface Figure {
  value: number
  provenance: Provenance
  asOf: string
  stale: boolean
  evidence: EvidenceFile | null
}

export interface KitSegment {
  label: string
  share: number
  provenance: Provenance
  asOf: string
  stale: boolean
  evidence: EvidenceFile | null
}
export interface KitChannel {
  name: string
  url: string
  followers: number
  provenance: Provenance
  asOf: string
  stale: boolean
  evidence: EvidenceFile | null
}
export interface KitPastEvent {
  name: string
  date: string
  attendance: number
  provenance: Provenance
  asOf: string
  stale: boolean
  evidence: EvidenceFile | null
}
export interface KitMeasured {
  deals: Figure
  amountReceived: Figure
  onTimeShare: Figure | null
  reachLargest: Figure
  reachTotal: Figure
}
export interface PastSponsor {
  person: Person
  deals: number
  lastCompletedAt: string
}
export interface Kit {
  person: Person
  headline: string
  audience: Figure | null
  audienceMeasured: boolean
  measuredAudience: number
  segments: KitSegment[]
  channels: KitChannel[]
  pastEvents: KitPastEvent[]
  measured: KitMeasured
  pastSponsors: PastSponsor[]
  published: boolean
  publishedAt: string
  updatedAt: string
}

interface RowBody {
  asOf: string
  evidence: string
}
export interface KitBody {
  headline: string
  audience: { value: number; asOf: string; evidence: string }
  audienceMeasured: boolean
  segments: ({ label: string; share: number } & RowBody)[]
  channels: ({ name: string; url: string; followers: number } & RowBody)[]
  pastEvents: ({ name: string; date: string; attendance: number } & RowBody)[]
}

export const evidencePdfBytes = 4 << 20

/** Calls a route the generated table does not have yet. */
export function tmpApi<T>(
  route: string,
  args?: Partial<CallArgs<ApiRoute>> & { params?: Record<string, string>; body?: unknown },
): Promise<T> {
  return (api as unknown as (r: string, a?: unknown) => Promise<T>)(route, args)
}
