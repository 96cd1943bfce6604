import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { offerApplicationsPrefix } from './list-offer-applications'

function compareQueryOptions(offerId: string, ids: string[]) {
  return queryOptions({
    queryKey: [...offerApplicationsPrefix(offerId), 'compare', ids.join(',')],
    queryFn: ({ signal }) =>
      api('GET /api/sponsorships/{id}/applications/compare', { params: { id: offerId }, query: { ids: ids.join(',') }, signal }),
  })
}

/** 2–4 shortlisted applications side by side, in the order of ids, with the offer's questions now. */
export function useCompareApplications(offerId: string, ids: string[]) {
  return useQuery({ ...compareQueryOptions(offerId, ids), enabled: ids.length > 0 })
}
