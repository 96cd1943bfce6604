/*
 * TEMPORARY: the report and tracked-link routes of docs/api/proof-of-value.md, written from the doc
 * until the servers' generated types land (h-r, h-l, h-k). Deleted once lib/api-types.gen.ts has them.
 */
import type { EvidenceFile } from '@/lib/api-types.gen'

export type Provenance = 'self' | 'evidenced' | 'measured'

export interface ReportFigure {
  id: string
  kind: 'attendance' | 'reach' | 'other'
  label: string
  value: number
  provenance: Provenance
  asOf: string
  stale: boolean
  evidence: EvidenceFile | null
}

export interface ReportDeliverable {
  id: string
  title: string
  due: string
  doneAt: string
  onTime: boolean | null
  proofText: string
  proofLink: string
  proofPicture: string
}

export interface ReportLink {
  code: string
  url: string
  target: string
  deliverable: string
  visits: number
  uniqueVisitors: number
}

export interface SpendingLine {
  id: string
  label: string
  amount: number
  receipt: EvidenceFile | null
}

export interface Benchmark {
  enough: boolean
  comparable: number
  band: string
  onTimeShare: { this: number | null; median: number | null; betterThan: number } | null
  costPerAttendee: { this: number; median: number } | null
}

export interface ReportPerson {
  id?: string
  username?: string
  displayName: string
  avatar: string
  isVerified: boolean
  deleted: boolean
}

export interface Report {
  dealId: string
  status: 'draft' | 'published'
  listing: { kind: string; id: string; title: string }
  category: string
  amount: number
  sponsor: ReportPerson
  recipient: ReportPerson
  completedAt: string
  publishedAt: string
  deliverables: ReportDeliverable[]
  onTimeShare: number | null
  photos: { id: string; url: string }[]
  figures: ReportFigure[]
  links: ReportLink[]
  linkTotals: { visits: number; uniqueVisitors: number }
  spending: SpendingLine[]
  spentTotal: number
  unaccounted: number
  summary: string
  benchmark: Benchmark
  shared: { url: string; sharedAt: string } | null
}

export interface ImpactReportInput {
  summary: string
  figures: { id?: string; kind: string; label: string; value: number; asOf: string; evidence: string }[]
  spending: { id?: string; label: string; amount: number; receipt: string }[]
}

export interface TrackedLink {
  id: string
  code: string
  url: string
  target: string
  deliverable: string
  visits: number
  uniqueVisitors: number
  createdAt: string
}

export interface LinkInput {
  target: string
  deliverable?: string
}

declare module '@/lib/api-types.gen' {
  interface ApiRoutes {
    'GET /api/deals/{id}/report': { body: undefined; answer: Report }
    'PUT /api/deals/{id}/report': { body: ImpactReportInput; answer: Report }
    'POST /api/deals/{id}/report/publish': { body: undefined; answer: Report }
    'POST /api/deals/{id}/report/share': { body: undefined; answer: { url: string } }
    'DELETE /api/deals/{id}/report/share': { body: undefined; answer: undefined }
    'GET /api/shared-reports/{token}': { body: undefined; answer: Report }
    'GET /api/deals/{id}/links': { body: undefined; answer: TrackedLink[] }
    'POST /api/deals/{id}/links': { body: LinkInput; answer: TrackedLink }
  }
}

/** The report's bounds (docs/api/proof-of-value.md), until limits.gen.ts carries the server's. */
export const reportLimits = {
  figures: 10,
  figureLabel: 60,
  figureValue: 1_000_000_000,
  spending: 30,
  spendingLabel: 120,
  summary: 2000,
  linkTarget: 500,
  links: 20,
}
