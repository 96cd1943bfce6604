import { useEffect, useReducer, useRef } from 'react'
import { forgetSignIn, hasSignInHint, rememberSignIn } from '@/lib/session-hints'
import { useCurrentUser } from './api/get-current-user'
import type { CurrentUser } from '@/lib/api-types.gen'

type SessionStatus = 'loading' | 'authenticated' | 'anonymous'

interface Session {
  status: SessionStatus
  user: CurrentUser | null
}

/**
 * The member as the server knows them (GET /api/user). The session-storage flag only decides
 * what to show while that answer is pending: if it says "signed in" but the cached answer is
 * "nobody", the user is fetched once more before the visitor counts as signed out.
 */
export function useSession(): Session {
  const query = useCurrentUser()
  const user = query.data ?? null
  const hint = hasSignInHint()
  const rechecked = useRef(false)
  const [, rerender] = useReducer((n: number) => n + 1, 0)
  const { isSuccess, refetch } = query

  useEffect(() => {
    if (user) {
      if (!hasSignInHint()) rememberSignIn(user)
      return
    }
    if (!isSuccess || !hint || rechecked.current) return
    rechecked.current = true
    void refetch().then((result) => {
      if (!result.data) forgetSignIn()
      rerender()
    })
  }, [user, hint, isSuccess, refetch])

  if (user) return { status: 'authenticated', user }
  if (query.isPending || (hint && !query.isError)) return { status: 'loading', user: null }
  return { status: 'anonymous', user: null }
}
