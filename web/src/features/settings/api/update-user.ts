import { useMutation, useQueryClient } from '@tanstack/react-query'
import { currentUserQueryOptions } from '@/features/auth/session'
import type { ApiBody, CurrentUser } from '@/lib/api-types.gen'
import { api } from '@/lib/api'
import { memberKey } from '@/lib/query-keys'

function updateUser(patch: ApiBody<'PATCH /api/user'>) {
  return api('PATCH /api/user', { body: patch })
}

/** Every settings mutation answers the own user: put it in the current-user query. */
export function useStoreUser() {
  const queryClient = useQueryClient()
  return (user: CurrentUser) => {
    queryClient.setQueryData(currentUserQueryOptions().queryKey, user)
    void queryClient.invalidateQueries({ queryKey: memberKey(user.id) })
  }
}

export function useUpdateUser() {
  const store = useStoreUser()
  return useMutation({ mutationFn: updateUser, onSuccess: store })
}
