import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { SavedQuery, SavedSearch, ListingKind } from '@/lib/api-types.gen'

const savedSearchesKey = ['saved-searches'] as const

export function useSavedSearches() {
  return useQuery({ queryKey: savedSearchesKey, queryFn: ({ signal }) => api.get<SavedSearch[]>('/api/saved-searches', undefined, signal) })
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
    onSuccess: () => qc.invalidateQueries({ queryKey: savedSearchesKey }),
  })
}

export function useUpdateSavedSearch() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...change }: { id: string; name?: string; paused?: boolean }) =>
      api.patch<SavedSearch>(`/api/saved-searches/${encodeURIComponent(id)}`, change),
    onSuccess: (saved) => {
      qc.setQueryData<SavedSearch[]>(savedSearchesKey, (list) => list?.map((s) => (s.id === saved.id ? saved : s)))
    },
  })
}

export function useDeleteSavedSearch() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/saved-searches/${encodeURIComponent(id)}`),
    onSuccess: (_, id) => {
      qc.setQueryData<SavedSearch[]>(savedSearchesKey, (list) => list?.filter((s) => s.id !== id))
    },
  })
}
