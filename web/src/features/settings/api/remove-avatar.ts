import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { useStoreUser } from './update-user'

function removeAvatar() {
  return api('DELETE /api/user/avatar')
}

export function useRemoveAvatar() {
  return useMutation({ mutationFn: removeAvatar, onSuccess: useStoreUser() })
}
