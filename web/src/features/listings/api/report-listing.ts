import { type ListingKind } from '@/lib/listing'
import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { ReportInput } from '../schemas'
import { listingKinds } from '@/lib/api-types.gen'

interface ReportListingInput extends ReportInput {
  kind: ListingKind
  id: string
}

/** A report changes nothing a member sees: no query to refresh. */
function reportListing({ kind, id, reason }: ReportListingInput) {
  return api(`POST ${listingKinds[kind].api}/{id}/report` as const, { params: { id }, body: { reason } })
}

export function useReportListing() {
  return useMutation({ mutationFn: reportListing })
}
