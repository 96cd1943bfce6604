import { Link } from 'react-router'
import { Spinner } from '@/components/ui/Spinner'
import { formatDate } from '@/lib/dates'
import { formatUsd } from '@/lib/money'
import { personName } from '@/lib/member'
import { dealPath } from '@/lib/paths'
import { useDeals } from '../api/deals'
import { DealStatusBadge } from './DealStatusBadge'

/** Own profile: the member's deals, the last changed first, each linking to its page. */
export function DealsSection({ meId }: { meId: string }) {
  const deals = useDeals()
  return (
    <section aria-labelledby="deals" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-5">
        <h2 id="deals" className="text-lg font-semibold">
          Deals
        </h2>
        {deals.isPending ? (
          <Spinner label="Loading deals" className="mx-auto" />
        ) : deals.isError ? (
          <p role="alert" className="text-sm text-error">
            Error loading this section. Please try again.
          </p>
        ) : deals.data.length === 0 ? (
          <p className="text-sm text-base-content/75">
            A pledge you make or receive, or an accepted application, opens a deal here: you agree what the sponsor gets and follow it to
            the end.
          </p>
        ) : (
          <ul className="divide-y divide-base-300">
            {deals.data.map((d) => {
              const sponsor = d.sponsor.id === meId
              return (
                <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-3" data-testid="deal-row">
                  <div className="min-w-0">
                    <Link to={dealPath(d.id)} className="link link-hover font-medium break-words">
                      {d.listing.title}
                    </Link>
                    <p className="text-sm text-base-content/75">
                      {formatUsd(d.amount)} {sponsor ? 'to' : 'from'} {personName(sponsor ? d.recipient : d.sponsor)} · updated{' '}
                      {formatDate(d.updatedAt)}
                    </p>
                  </div>
                  <DealStatusBadge status={d.status} />
                </li>
              )
            })}
          </ul>
        )}
      </div>
    </section>
  )
}
