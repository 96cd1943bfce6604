import { useMutation } from '@tanstack/react-query'
import type { ApiBody } from '@/lib/api-types.gen'
import { api } from '@/lib/api'
import { useStoreUser } from './update-user'

/** The server sets a new session cookie and ends the member's other sessions. */
function changePassword(body: ApiBody<'POST /api/user/password'>) {
  return api('POST /api/user/password', { body })
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, onSuccess: useStoreUser() })
}
