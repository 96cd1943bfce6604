import { useMutation } from '@tanstack/react-query'
import type { CurrentUser } from '@/features/auth/types'
import { api } from '@/lib/api'
import { useStoreUser } from './update-user'

export function changeEmail(email: string): Promise<CurrentUser> {
  return api.post<CurrentUser>('/api/user/email', { email })
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail, onSuccess: useStoreUser() })
}
