import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { useStoreUser } from './update-user'

/** Mails a code to the address, which waits in pendingEmail until the code comes back. */
function changeEmail(email: string) {
  return api('POST /api/user/email', { body: { email } })
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail, onSuccess: useStoreUser() })
}
