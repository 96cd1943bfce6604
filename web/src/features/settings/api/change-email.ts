import { useMutation } from '@tanstack/react-query'
import type { CurrentUser } from '@/lib/api-types.gen'
import { api } from '@/lib/api'
import { useStoreUser } from './update-user'

/** Mails a code to the address, which waits in pendingEmail until the code comes back. */
function changeEmail(email: string): Promise<CurrentUser> {
  return api.post<CurrentUser>('/api/user/email', { email })
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail, onSuccess: useStoreUser() })
}
