import type { Event } from '@/lib/api-types.gen'
import { formatDateTime } from '@/lib/dates'

/** A deal's history: every step with its time, oldest first. */
export function DealHistory({ events }: { events: Event[] }) {
  return (
    <section aria-labelledby="history-heading" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-5">
        <h2 id="history-heading" className="text-lg font-semibold">
          History
        </h2>
        <ol className="space-y-2" data-testid="deal-history">
          {events.map((e, i) => (
            <li key={i} className="text-sm">
              <time className="text-base-content/75" dateTime={e.createdAt}>
                {formatDateTime(e.createdAt)}
              </time>{' '}
              · <span className="break-words">{e.text}</span>
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}
