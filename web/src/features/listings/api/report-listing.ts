import { listingRoutes, type ListingKind } from '@/lib/listing'
import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { ReportInput } from '../schemas'

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

const routes = listingRoutes

/** A report changes nothing a member sees: no query to refresh. */
function reportListing({ kind, id, reason }: ReportListingInput): Promise<ReportAnswer> {
  return api.post<ReportAnswer>(`${routes[kind]}/${encodeURIComponent(id)}/report`, { reason })
}

export function useReportListing() {
  return useMutation({ mutationFn: reportListing })
}
