import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { forgetSignIn } from '@/lib/session-hints'
import { currentUserQueryOptions } from './get-current-user'
import { queryKeys } from '@/lib/query-keys'

/** Ends this session on the server (a copy of the cookie stops working too). */
function logout() {
  return api('POST /api/logout')
}

/** Everything cached belonged to the member who left; keep only the signed-out user. */
export function forgetMember(queryClient: QueryClient) {
  forgetSignIn()
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.appConfig[0] })
  queryClient.setQueryData(currentUserQueryOptions().queryKey, null)
}

export function useLogout() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: logout, onSuccess: () => forgetMember(queryClient) })
}
