import { useOverview } from '../api/get-overview'
import type { Overview } from '../types'

const counters: { key: keyof Overview; label: string }[] = [
  { key: 'pendingReview', label: 'Pending review' },
  { key: 'reported', label: 'Reported' },
  { key: 'members', label: 'Members' },
  { key: 'verified', label: 'Verified' },
  { key: 'activeSubscriptions', label: 'Active subscriptions' },
  { key: 'openContactMessages', label: 'Open messages' },
]

/** The top row of the dashboard: counts from GET /api/admin/overview. */
export function OverviewCounters() {
  const overview = useOverview()
  return (
    <section aria-label="Overview" aria-busy={overview.isPending || undefined}>
      <dl className="grid grid-cols-3 gap-2 sm:gap-3 lg:grid-cols-6">
        {counters.map(({ key, label }) => {
          const value = overview.data?.[key]
          const alert = (key === 'reported' || key === 'pendingReview') && typeof value === 'number' && value > 0
          return (
            <div
              key={key}
              className="rounded-box border border-base-300 bg-base-100 px-3 py-2 shadow-sm sm:px-4 sm:py-3"
              data-testid={`counter-${key}`}
            >
              <dt className="text-xs leading-tight font-medium text-base-content/75">{label}</dt>
              <dd
                className={`mt-0.5 text-xl font-bold sm:mt-1 sm:text-2xl ${alert ? (key === 'reported' ? 'text-error' : 'text-amber-700') : ''}`}
              >
                {overview.isError ? '–' : (value ?? '…')}
              </dd>
            </div>
          )
        })}
      </dl>
    </section>
  )
}
