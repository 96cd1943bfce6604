import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { ApiBody } from '@/lib/api-types.gen'
import { queryKeys } from '@/lib/query-keys'

function savedSearchesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.savedSearches,
    queryFn: ({ signal }) => api('GET /api/saved-searches', { signal }),
  })
}

export function useSavedSearches() {
  return useQuery(savedSearchesQueryOptions())
}

export function useSaveSearch() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: ApiBody<'POST /api/saved-searches'>) => api('POST /api/saved-searches', { body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.savedSearches }),
  })
}

export function useUpdateSavedSearch() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...change }: { id: string; name?: string; paused?: boolean }) =>
      api('PATCH /api/saved-searches/{id}', { params: { id }, body: change }),
    onSuccess: (saved) => {
      qc.setQueryData(savedSearchesQueryOptions().queryKey, (list) => list?.map((s) => (s.id === saved.id ? saved : s)))
    },
  })
}

export function useDeleteSavedSearch() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api('DELETE /api/saved-searches/{id}', { params: { id } }),
    onSuccess: (_, id) => {
      qc.setQueryData(savedSearchesQueryOptions().queryKey, (list) => list?.filter((s) => s.id !== id))
    },
  })
}
