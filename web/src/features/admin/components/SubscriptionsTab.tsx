import { useState } from 'react'
import { MemberName } from '@/components/ui/MemberName'
import { formatDate } from '@/lib/dates'
import { formatInr } from '@/lib/money'
import type { ListPage } from '@/lib/list-page'
import { useActiveSubscriptions, useSubscriptionsSummary } from '../api/get-subscriptions'
import type { ActiveSubscription } from '../types'
import { Pager } from './Pager'
import { PaymentsSection } from './PaymentsSection'
import { EmptyState, QueryStatus } from './QueryStatus'
import { ResponsiveTable, type Column } from '@/components/ui/ResponsiveTable'

function Stat({ label, value, hint }: { label: string; value: string | number; hint?: string }) {
  return (
    <div className="rounded-box border border-base-300 bg-base-100 px-3 py-2 shadow-sm sm:px-4 sm:py-3">
      <dt className="text-xs font-medium text-base-content/75">{label}</dt>
      <dd className="mt-1 text-lg font-bold sm:text-xl">{value}</dd>
      {hint && <dd className="text-xs text-base-content/75">{hint}</dd>}
    </div>
  )
}

const activeColumns: Column<ActiveSubscription>[] = [
  {
    header: 'Member',
    cell: (s) => <MemberName name={s.member.displayName || s.member.username} verified={s.member.isVerified} />,
  },
  { header: 'E-mail', cell: (s) => s.email || '–', className: 'break-all' },
  { header: 'Plan', cell: (s) => s.planName || s.plan, className: 'whitespace-nowrap' },
  { header: 'Expires', cell: (s) => formatDate(s.expiry), className: 'whitespace-nowrap' },
]

function ActiveTable({ data, onPage }: { data: ListPage<ActiveSubscription>; onPage: (page: number) => void }) {
  if (data.items.length === 0) return <EmptyState>No active subscriptions.</EmptyState>
  return (
    <>
      <ResponsiveTable label="Active subscriptions" rows={data.items} rowKey={(s) => s.member.id} columns={activeColumns} />
      <Pager label="Active subscription pages" list={data} onChange={onPage} />
    </>
  )
}

function ActiveSubscriptions() {
  const [page, setPage] = useState(1)
  const query = useActiveSubscriptions(page)
  return (
    <QueryStatus query={query} loading="Loading active subscriptions">
      {() => query.data && <ActiveTable data={query.data} onPage={setPage} />}
    </QueryStatus>
  )
}

export function SubscriptionsTab() {
  const query = useSubscriptionsSummary()
  return (
    <QueryStatus query={query} loading="Loading subscriptions">
      {() => {
        const data = query.data
        if (!data) return null
        return (
          <div className="space-y-6">
            <section aria-labelledby="plans-title" className="space-y-3">
              <h2 id="plans-title" className="text-lg font-semibold">
                Plans
              </h2>
              <dl className="grid grid-cols-3 gap-2 sm:gap-3">
                {data.plans.map((p) => (
                  <Stat key={p.plan} label={`${p.name} · ${formatInr(p.price)}`} value={`${p.active} active`} />
                ))}
              </dl>
              <dl className="grid grid-cols-3 gap-2 sm:gap-3">
                <Stat label="Active subscriptions" value={data.totals.active} />
                <Stat label="Lapsed subscriptions" value={data.totals.lapsed} />
                <Stat
                  label="Active plan value"
                  value={formatInr(data.totals.activePlanValue)}
                  hint="Value at catalogue prices, not revenue"
                />
              </dl>
            </section>
            <section aria-labelledby="active-title" className="space-y-3">
              <h2 id="active-title" className="text-lg font-semibold">
                Active subscriptions
              </h2>
              <ActiveSubscriptions />
            </section>
            <PaymentsSection payments={data.payments} plans={data.plans} />
          </div>
        )
      }}
    </QueryStatus>
  )
}
