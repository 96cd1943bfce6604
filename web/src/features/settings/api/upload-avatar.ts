import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { useStoreUser } from './update-user'

function uploadAvatar(file: File) {
  const form = new FormData()
  form.append('avatar', file)
  return api('POST /api/user/avatar', { body: form })
}

export function useUploadAvatar() {
  return useMutation({ mutationFn: uploadAvatar, onSuccess: useStoreUser() })
}
