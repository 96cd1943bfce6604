import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { forgetMember } from './logout'

/** Ends every session of the member, on every device, this one included. */
function logoutEverywhere() {
  return api('POST /api/logout/everywhere')
}

export function useLogoutEverywhere() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: logoutEverywhere, onSuccess: () => forgetMember(queryClient) })
}
