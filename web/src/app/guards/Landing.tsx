import { Navigate } from 'react-router'
import { PageSpinner } from '@/components/ui/Spinner'
import { useSession } from '@/features/auth/use-session'
import { paths } from '@/lib/paths'

/** '/': a spinner, then /home for members and /auth for visitors. */
export function Landing() {
  const { status } = useSession()
  if (status === 'loading') return <PageSpinner />
  return <Navigate to={status === 'authenticated' ? paths.home : paths.auth} replace />
}
