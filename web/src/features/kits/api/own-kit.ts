import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { queryKeys } from '@/lib/query-keys'
import { api } from '@/lib/api'
import type { Kit, KitInput } from '@/lib/api-types.gen'

/** GET /api/user/kit: the member's own kit, published or not (an empty draft when none is saved). */
function ownKitQueryOptions() {
  return queryOptions({
    queryKey: [...queryKeys.kits, 'own'],
    queryFn: ({ signal }) => api('GET /api/user/kit', { signal }),
  })
}

export function useOwnKit() {
  return useQuery(ownKitQueryOptions())
}

/**
 * A change to the kit answers the kit as it is now: the editor shows it at once; the public page and
 * the member's own record (the audience is the Events card's too) are read again.
 */
function useKitChange<V>(send: (v: V) => Promise<Kit>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: (kit) => queryClient.setQueryData(ownKitQueryOptions().queryKey, kit),
    onSettled: () => {
      // the public page (the own kit is read again too: it is already what the server answered)
      void queryClient.invalidateQueries({ queryKey: queryKeys.kits })
      void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser })
    },
  })
}

/** PUT /api/user/kit: saves the kit; a refusal carries per-field messages keyed as the body (`segments.2.share`). */
export function useSaveKit() {
  return useKitChange((body: KitInput) => api('PUT /api/user/kit', { body }))
}

/** POST /api/user/kit/publish or /unpublish. */
export function usePublishKit() {
  return useKitChange((publish: boolean) => api(publish ? 'POST /api/user/kit/publish' : 'POST /api/user/kit/unpublish'))
}
