import { useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { Button } from '@/components/ui/Button'
import { Spinner } from '@/components/ui/Spinner'
import { personName } from '@/lib/member'
import { applicationSorts, applicationStatuses, useOfferApplications } from '../api/list-offer-applications'
import { filterFrom } from '../applications-filter'
import type { ReviewItem } from '@/lib/api-types.gen'
import { applicationsTexts as t } from '../applications-texts'
import { DeclineApplications } from './DeclineApplications'
import { OfferApplicationCard } from './OfferApplicationCard'

const COMPARE_MIN = 2
export const COMPARE_MAX = 4

interface OfferApplicationsProps {
  offerId: string
  /** Opens the compare view of these applications (the page puts them in its URL). */
  onCompare: (ids: string[]) => void
}

/** The poster's applications of one offer: filters, sort, the shortlist, selection for compare and bulk decline. */
export function OfferApplications({ offerId, onCompare }: OfferApplicationsProps) {
  const [params, setParams] = useSearchParams()
  const filter = filterFrom(params)
  const query = useOfferApplications(offerId, filter)
  const [selected, setSelected] = useState<Map<string, ReviewItem>>(() => new Map())
  const [declining, setDeclining] = useState<ReviewItem[] | null>(null)
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data])
  const total = query.data?.pages[0]?.total

  // the selection reads the cards as they are now (a star set since, a decision made since)
  const chosen = [...selected.keys()].flatMap((id) => items.find((a) => a.id === id) ?? selected.get(id) ?? [])
  const pendingChosen = chosen.filter((a) => a.status === 'pending')
  const comparable = chosen.length >= COMPARE_MIN && chosen.length <= COMPARE_MAX && chosen.every((a) => a.shortlisted)

  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(params)
    if (value) next.set(key, value)
    else next.delete(key)
    setParams(next, { replace: true })
  }
  const select = (a: ReviewItem, on: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev)
      if (on) next.set(a.id, a)
      else next.delete(a.id)
      return next
    })
  const clear = () => setSelected(new Map())

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3" role="group" aria-label={t.filtersLabel}>
        <label className="form-control">
          <span className="mb-1 block text-xs font-medium text-base-content/75">{t.status}</span>
          <select className="select select-sm w-40" value={filter.status} onChange={(e) => setParam('status', e.target.value)}>
            <option value="">{t.statusAll}</option>
            {applicationStatuses.map((s) => (
              <option key={s} value={s}>
                {t.statuses[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="form-control">
          <span className="mb-1 block text-xs font-medium text-base-content/75">{t.sort}</span>
          <select
            className="select select-sm w-44"
            value={filter.sort}
            onChange={(e) => setParam('sort', e.target.value === 'newest' ? '' : e.target.value)}
          >
            {applicationSorts.map((s) => (
              <option key={s} value={s}>
                {t.sorts[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex h-8 cursor-pointer items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="toggle toggle-sm toggle-primary"
            checked={filter.shortlisted}
            onChange={(e) => setParam('shortlisted', e.target.checked ? '1' : '')}
          />
          {t.shortlistedOnly}
        </label>
      </div>

      {query.isPending ? (
        <div className="flex flex-col items-center gap-3 py-16 text-base-content/75">
          <Spinner label={t.loading} />
        </div>
      ) : query.isError ? (
        <div className="flex flex-col items-center gap-3 py-16 text-center" role="alert">
          <p className="font-medium text-error">{t.error}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="rounded-box border border-dashed border-base-300 py-12 text-center text-base-content/75">
          {filter.status || filter.shortlisted ? t.emptyFiltered : t.empty}
        </p>
      ) : (
        <div
          className={`space-y-3 transition-opacity ${query.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-busy={query.isPlaceholderData || undefined}
        >
          <ul className="space-y-3">
            {items.map((a) => (
              <li key={a.id}>
                <OfferApplicationCard
                  offerId={offerId}
                  application={a}
                  selected={selected.has(a.id)}
                  onSelect={(on) => select(a, on)}
                  onDecline={() => setDeclining([a])}
                />
              </li>
            ))}
          </ul>
          <div className="flex flex-col items-center gap-3">
            <p className="text-sm text-base-content/75" aria-live="polite">
              {total !== undefined ? `Showing ${items.length} of ${total}` : `Showing ${items.length}`}
            </p>
            {query.hasNextPage && (
              <Button variant="outline" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
                {query.isFetchingNextPage ? 'Loading more...' : 'Load more'}
              </Button>
            )}
          </div>
        </div>
      )}

      {chosen.length > 0 && (
        <div
          role="region"
          aria-label={t.selectionLabel}
          className="sticky bottom-20 z-20 flex flex-wrap items-center gap-2 rounded-box border border-base-300 bg-base-100 px-4 py-3 shadow-lg md:bottom-4"
        >
          <p className="mr-auto text-sm font-medium" aria-live="polite">
            {chosen.length} selected
            {!comparable && chosen.length >= 1 && <span className="block text-xs font-normal text-base-content/75">{t.compareHint}</span>}
          </p>
          <Button size="sm" variant="ghost" onClick={clear}>
            Clear
          </Button>
          <Button size="sm" variant="outline" disabled={pendingChosen.length === 0} onClick={() => setDeclining(pendingChosen)}>
            {pendingChosen.length > 1 ? `Decline ${pendingChosen.length}` : 'Decline'}
          </Button>
          <Button size="sm" disabled={!comparable} onClick={() => onCompare(chosen.map((a) => a.id))}>
            Compare
          </Button>
        </div>
      )}

      {declining && (
        <DeclineApplications
          offerId={offerId}
          applications={declining.map((a) => ({ id: a.id, name: personName(a.applicant) }))}
          onClose={() => setDeclining(null)}
          onDeclined={clear}
        />
      )}
    </div>
  )
}
