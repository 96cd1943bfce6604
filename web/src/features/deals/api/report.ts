import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { ApiBody } from '@/lib/api-types.gen'
import { queryKeys } from '@/lib/query-keys'

/** A completed deal's impact report (GET /api/deals/{id}/report; docs/api/proof-of-value.md, "Impact reports"). */
function reportQueryOptions(dealId: string) {
  return queryOptions({
    queryKey: [...queryKeys.deals, 'report', dealId],
    queryFn: ({ signal }) => api('GET /api/deals/{id}/report', { params: { id: dealId }, signal }),
    // Read again whenever a page shows it: the other side publishes, and links are visited, with no
    // realtime event for this member's open page.
    staleTime: 0,
  })
}

export function useReport(dealId: string, enabled = true) {
  return useQuery({ ...reportQueryOptions(dealId), enabled })
}

/**
 * The report's writes: each answers the report as it is now (share answers its link and revoke
 * nothing, so those read it again). The deal's page and the notifications follow.
 */
export function useReportActions(dealId: string) {
  const queryClient = useQueryClient()
  const key = reportQueryOptions(dealId).queryKey
  const settled = () => {
    void queryClient.invalidateQueries({ queryKey: key })
    void queryClient.invalidateQueries({ queryKey: queryKeys.notifications })
  }
  const put = (report: Awaited<ReturnType<typeof api<'GET /api/deals/{id}/report'>>>) => queryClient.setQueryData(key, report)
  const save = useMutation({
    mutationFn: (body: ApiBody<'PUT /api/deals/{id}/report'>) => api('PUT /api/deals/{id}/report', { params: { id: dealId }, body }),
    onSuccess: put,
  })
  const publish = useMutation({
    mutationFn: () => api('POST /api/deals/{id}/report/publish', { params: { id: dealId } }),
    onSuccess: put,
    onSettled: settled,
  })
  const share = useMutation({
    mutationFn: () => api('POST /api/deals/{id}/report/share', { params: { id: dealId } }),
    onSettled: settled,
  })
  const revoke = useMutation({
    mutationFn: () => api('DELETE /api/deals/{id}/report/share', { params: { id: dealId } }),
    onSettled: settled,
  })
  return { save, publish, share, revoke }
}

/** A report read through its share link, signed out too (GET /api/shared-reports/{token}). */
function sharedReportQueryOptions(token: string) {
  return queryOptions({
    queryKey: [...queryKeys.sharedReports, token],
    queryFn: ({ signal }) => api('GET /api/shared-reports/{token}', { params: { token }, signal }),
  })
}

export function useSharedReport(token: string) {
  return useQuery(sharedReportQueryOptions(token))
}
