import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { useStoreUser } from './update-user'

/** Proves the pending address with its code; it becomes the member's e-mail. */
function confirmEmail(code: string) {
  return api('POST /api/user/email/confirm', { body: { code } })
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail, onSuccess: useStoreUser() })
}
