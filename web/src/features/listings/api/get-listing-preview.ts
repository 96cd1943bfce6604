import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { type ListingKind } from '@/lib/listing'
import { listingKinds } from '@/lib/api-types.gen'
import { queryKeys } from '@/lib/query-keys'

/**
 * What a shared link's preview showed of a listing, for a visitor (docs/api/listings.md, "Link
 * previews"): 404 for a listing without a preview.
 */
function listingPreviewQueryOptions(kind: ListingKind, id: string) {
  return queryOptions({
    queryKey: [...queryKeys.listingPreview, kind, id] as const,
    queryFn: ({ signal }) => api(`GET ${listingKinds[kind].api}/{id}/preview` as const, { params: { id }, signal }),
  })
}

export function useListingPreview(kind: ListingKind, id: string, enabled: boolean) {
  return useQuery({ ...listingPreviewQueryOptions(kind, id), enabled })
}
