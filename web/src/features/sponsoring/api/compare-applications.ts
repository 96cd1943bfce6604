import { queryOptions, useQuery } from '@tanstack/react-query'
import { offerApplicationsPrefix } from './list-offer-applications'
import { pendingCall, type CompareAnswer } from './review-types.tmp'

function compareQueryOptions(offerId: string, ids: string[]) {
  return queryOptions({
    queryKey: [...offerApplicationsPrefix(offerId), 'compare', ids.join(',')],
    queryFn: ({ signal }) =>
      pendingCall<CompareAnswer>('GET /api/sponsorships/{id}/applications/compare', {
        params: { id: offerId },
        query: { ids: ids.join(',') },
        signal,
      }).then((r) => r.data),
  })
}

/** 2–4 shortlisted applications side by side, in the order of ids, with the offer's questions now. */
export function useCompareApplications(offerId: string, ids: string[]) {
  return useQuery({ ...compareQueryOptions(offerId, ids), enabled: ids.length > 0 })
}
