import { useMutation } from '@tanstack/react-query'
import type { CurrentUser } from '@/lib/api-types.gen'
import { api } from '@/lib/api'
import { useStoreUser } from './update-user'

function removeAvatar(): Promise<CurrentUser> {
  return api.delete<CurrentUser>('/api/user/avatar')
}

export function useRemoveAvatar() {
  return useMutation({ mutationFn: removeAvatar, onSuccess: useStoreUser() })
}
