import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Navigate } from 'react-router'
import { PageSpinner } from '@/components/ui/Spinner'
import { currentUserQueryOptions } from '@/features/auth/api/get-current-user'
import { useSession } from '@/features/auth/use-session'
import { paths } from '@/lib/paths'

/** '/': a spinner, then /home for members and /auth for visitors. The user is re-checked here. */
export function Landing() {
  const queryClient = useQueryClient()
  const { status } = useSession()
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey })
  }, [queryClient])
  if (status === 'loading') return <PageSpinner />
  return <Navigate to={status === 'authenticated' ? paths.home : paths.auth} replace />
}
