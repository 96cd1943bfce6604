import { Navigate, Outlet, useLocation } from 'react-router'
import { PageSpinner } from '@/components/ui/Spinner'
import { useSession } from '@/features/auth/use-session'
import { paths } from '@/lib/paths'

/** Protected routes: a spinner while the session loads, /auth for visitors. */
export function RequireAuth() {
  const { status } = useSession()
  const location = useLocation()
  if (status === 'loading') return <PageSpinner />
  if (status === 'anonymous') return <Navigate to={paths.auth} replace state={{ from: location.pathname + location.search }} />
  return <Outlet />
}
