import { type ListingKind } from '@/lib/listing'
import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { ReportInput } from '../schemas'
import { listingKinds } from '@/lib/api-types.gen'

interface ReportListingInput extends ReportInput {
  kind: ListingKind
  id: string
}

interface ReportAnswer {
  id: string
  kind: string
  listingId: string
  reason: string
  createdAt: string
}

/** A report changes nothing a member sees: no query to refresh. */
function reportListing({ kind, id, reason }: ReportListingInput): Promise<ReportAnswer> {
  return api.post<ReportAnswer>(`${listingKinds[kind].api}/${encodeURIComponent(id)}/report`, { reason })
}

export function useReportListing() {
  return useMutation({ mutationFn: reportListing })
}
