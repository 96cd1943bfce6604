import { useCallback } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { forgetMember } from '@/features/auth/session'
import { paths } from '@/lib/paths'

/**
 * What an open page does when the server says the member's sessions ended elsewhere (realtime):
 * it goes to the sign-in at once, saying why, and back here after signing in again. Without it the
 * page would look signed in until its next request answered 401.
 */
export function useSessionEndedElsewhere(): (reason: string) => void {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { pathname, search } = useLocation()
  return useCallback(
    (reason: string) => {
      const from = pathname === paths.auth ? undefined : pathname + search
      void navigate(paths.auth, { replace: true, state: { from, ended: reason } })
      forgetMember(queryClient)
    },
    [navigate, queryClient, pathname, search],
  )
}
