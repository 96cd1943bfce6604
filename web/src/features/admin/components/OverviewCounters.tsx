import { useOverview } from '../api/get-overview'
import type { Overview } from '../types'

const counters: { key: keyof Overview; label: string }[] = [
  { key: 'pendingReview', label: 'Pending review' },
  { key: 'reported', label: 'Reported' },
  { key: 'members', label: 'Members' },
  { key: 'verified', label: 'Verified' },
  { key: 'activeSubscriptions', label: 'Active subscriptions' },
  { key: 'openContactMessages', label: 'Open messages' },
  { key: 'openDisputes', label: 'Open disputes' },
]

/** Counters that ask for an administrator's action when above 0, and the colour they take then. */
const alertClass: Partial<Record<keyof Overview, string>> = {
  pendingReview: 'text-amber-700',
  reported: 'text-error',
  openDisputes: 'text-error',
}

/** The top row of the dashboard: counts from GET /api/admin/overview. */
export function OverviewCounters() {
  const overview = useOverview()
  return (
    <section aria-label="Overview" aria-busy={overview.isPending || undefined}>
      <dl className="grid grid-cols-3 gap-2 sm:gap-3 sm:grid-cols-4 lg:grid-cols-7">
        {counters.map(({ key, label }) => {
          const value = overview.data?.[key]
          const alert = typeof value === 'number' && value > 0 ? (alertClass[key] ?? '') : ''
          return (
            <div
              key={key}
              className="rounded-box border border-base-300 bg-base-100 px-3 py-2 shadow-sm sm:px-4 sm:py-3"
              data-testid={`counter-${key}`}
            >
              <dt className="text-xs leading-tight font-medium text-base-content/75">{label}</dt>
              <dd className={`mt-0.5 text-xl font-bold sm:mt-1 sm:text-2xl ${alert}`}>{overview.isError ? '–' : (value ?? '…')}</dd>
            </div>
          )
        })}
      </dl>
    </section>
  )
}
