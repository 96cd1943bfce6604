import { Outlet } from 'react-router'
import { useSession } from '@/features/auth/use-session'
import { NotFoundPage } from '@/features/errors/routes/NotFoundPage'

/** Administrators only (isAdmin); anyone else sees the 404 page, as if the page did not exist. */
export function RequireAdmin() {
  const { user } = useSession()
  return user?.isAdmin ? <Outlet /> : <NotFoundPage />
}
