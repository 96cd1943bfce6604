import { useMutation } from '@tanstack/react-query'
import type { CurrentUser } from '@/lib/api-types.gen'
import { api } from '@/lib/api'
import { useStoreUser } from './update-user'

function uploadAvatar(file: File): Promise<CurrentUser> {
  const form = new FormData()
  form.append('avatar', file)
  return api.post<CurrentUser>('/api/user/avatar', form)
}

export function useUploadAvatar() {
  return useMutation({ mutationFn: uploadAvatar, onSuccess: useStoreUser() })
}
