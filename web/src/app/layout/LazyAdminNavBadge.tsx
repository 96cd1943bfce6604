import { lazy, Suspense } from 'react'

const Badge = lazy(() => import('./AdminNavBadge').then((m) => ({ default: m.AdminNavBadge })))

/**
 * The open disputes beside the Admin entry, loaded when an administrator's navigation first shows
 * it: members never download it, and `/home`'s first screen stays within its budget
 * (docs/web/bundle-size.md).
 */
export function LazyAdminNavBadge({ className }: { className?: string }) {
  return (
    <Suspense fallback={null}>
      <Badge className={className} />
    </Suspense>
  )
}
