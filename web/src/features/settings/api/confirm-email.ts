import { useMutation } from '@tanstack/react-query'
import type { CurrentUser } from '@/lib/api-types.gen'
import { api } from '@/lib/api'
import { useStoreUser } from './update-user'

/** Proves the pending address with its code; it becomes the member's e-mail. */
function confirmEmail(code: string): Promise<CurrentUser> {
  return api.post<CurrentUser>('/api/user/email/confirm', { code })
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail, onSuccess: useStoreUser() })
}
