import { Suspense } from 'react'
import { Outlet, useLocation } from 'react-router'
import { PageSpinner } from '@/components/ui/Spinner'
import { RouteErrorBoundary } from '@/features/errors/routes/RouteError'

/** The page of a shell: a spinner while its module loads, RouteError when it cannot. */
export function PageOutlet() {
  const { pathname } = useLocation()
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  )
}
