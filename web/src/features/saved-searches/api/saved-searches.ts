import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { SavedQuery, SavedSearch, ListingKind } from '@/lib/api-types.gen'
import { queryKeys } from '@/lib/query-keys'

function savedSearchesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.savedSearches,
    queryFn: ({ signal }) => api.get<SavedSearch[]>('/api/saved-searches', undefined, signal),
  })
}

export function useSavedSearches() {
  return useQuery(savedSearchesQueryOptions())
}

interface SaveSearchInput {
  name: string
  kind: ListingKind
  query: SavedQuery
}

export function useSaveSearch() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: SaveSearchInput) => api.post<SavedSearch>('/api/saved-searches', input),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.savedSearches }),
  })
}

export function useUpdateSavedSearch() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...change }: { id: string; name?: string; paused?: boolean }) =>
      api.patch<SavedSearch>(`/api/saved-searches/${encodeURIComponent(id)}`, change),
    onSuccess: (saved) => {
      qc.setQueryData(savedSearchesQueryOptions().queryKey, (list) => list?.map((s) => (s.id === saved.id ? saved : s)))
    },
  })
}

export function useDeleteSavedSearch() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/saved-searches/${encodeURIComponent(id)}`),
    onSuccess: (_, id) => {
      qc.setQueryData(savedSearchesQueryOptions().queryKey, (list) => list?.filter((s) => s.id !== id))
    },
  })
}
