import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { buttonClass } from '@/components/ui/button-class'
import { BarChartIcon } from '@/components/ui/icons'
import { ResponsiveTable, type Column } from '@/components/ui/ResponsiveTable'
import { Spinner } from '@/components/ui/Spinner'
import { formatMonthKey } from '@/lib/dates'
import { formatUsd } from '@/lib/money'
import { listingScreenPath } from '@/lib/paths'
import type { DealOverview, Totals } from '@/lib/api-types.gen'
import { useOverview } from '../api/overview'
import { categoryLabel, formatCount, formatShare } from '../format'
import { overviewTexts as t } from '../texts'
import { ChartCard } from './ChartCard'
import { CategoriesChart, MonthsChart, OnTimeChart, ReachChart } from './charts'
import { ReachLegend } from './ReachLegend'

/** The overview of GET /api/deals/overview: the totals, then four charts, each with its table. */
export function OverviewPanel() {
  const overview = useOverview()
  if (overview.isPending) return <Spinner label={t.loading} className="mx-auto block" />
  if (overview.isError)
    return (
      <p role="alert" className="alert alert-error alert-soft">
        {t.loadError}
      </p>
    )
  const o = overview.data
  if (o.given.deals + o.received.deals === 0) return <EmptyOverview />
  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-2 gap-3 sm:gap-5">
        <Total label={t.given} total={o.given} tone="text-primary" />
        <Total label={t.received} total={o.received} tone="text-secondary" />
      </dl>
      <div className="grid gap-5 lg:grid-cols-2 lg:items-start">
        <ChartCard
          id="months"
          title={t.months.title}
          description={t.months.description}
          chart={<MonthsChart months={o.months} />}
          table={<MoneyTable label={t.months.title} rows={o.months} rowKey={(m) => m.month} first={monthColumn} />}
        />
        <ChartCard
          id="categories"
          title={t.categories.title}
          description={t.categories.description}
          chart={<CategoriesChart categories={o.categories} />}
          table={
            <MoneyTable
              label={t.categories.title}
              rows={o.categories}
              rowKey={(c) => c.category}
              first={{ header: t.category, cell: (c) => categoryLabel(c.category) }}
            />
          }
        />
        <ChartCard
          id="reach"
          title={t.reach.title}
          description={t.reach.description}
          legend={<ReachLegend />}
          chart={<ReachChart reach={o.reach} measuredLabel={t.reach.measuredSeries} reportedLabel={t.reach.reportedSeries} />}
          table={
            <ResponsiveTable
              label={t.reach.title}
              caption={t.reach.title}
              rows={o.reach}
              rowKey={(r) => r.month}
              columns={[
                monthColumn,
                { header: t.reach.measuredSeries, cell: (r) => formatCount(r.measured), className: 'tabular-nums' },
                { header: t.reach.reportedSeries, cell: (r) => formatCount(r.reported), className: 'tabular-nums' },
              ]}
            />
          }
        />
        <ChartCard
          id="on-time"
          title={t.onTime.title}
          description={t.onTime.description}
          chart={<OnTimeChart onTime={o.onTime} />}
          table={
            <ResponsiveTable
              label={t.onTime.title}
              caption={t.onTime.title}
              rows={o.onTime}
              rowKey={(r) => r.month}
              columns={[
                monthColumn,
                { header: t.onTime.share, cell: (r) => formatShare(r.share), className: 'tabular-nums' },
                { header: t.onTime.deliverables, cell: (r) => formatCount(r.deliverables), className: 'tabular-nums' },
              ]}
            />
          }
        />
      </div>
    </div>
  )
}

const monthColumn: Column<{ month: string }> = { header: t.month, cell: (r) => formatMonthKey(r.month) }

function Total({ label, total, tone }: { label: string; total: Totals; tone: string }) {
  return (
    <div className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-5" data-testid={`total-${label.toLowerCase()}`}>
      <dt className="text-sm font-medium text-base-content/75">{label}</dt>
      <dd className={`mt-1 text-2xl font-bold tabular-nums sm:text-3xl ${tone}`}>{formatUsd(total.total)}</dd>
      <dd className="text-sm text-base-content/75">{t.deals(total.deals)}</dd>
    </div>
  )
}

function MoneyTable<T extends DealOverview['months'][number] | DealOverview['categories'][number]>({
  label,
  rows,
  rowKey,
  first,
}: {
  label: string
  rows: T[]
  rowKey: (row: T) => string
  first: Column<T>
}) {
  return (
    <ResponsiveTable
      label={label}
      caption={label}
      rows={rows}
      rowKey={rowKey}
      columns={[
        first,
        { header: t.given, cell: (r) => formatUsd(r.given), className: 'tabular-nums' },
        { header: t.received, cell: (r) => formatUsd(r.received), className: 'tabular-nums' },
      ]}
    />
  )
}

function EmptyOverview(): ReactNode {
  return (
    <section
      aria-labelledby="overview-empty"
      className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 bg-base-100 px-6 py-10 text-center"
      data-testid="overview-empty"
    >
      <BarChartIcon className="size-10 text-base-content/50" />
      <h2 id="overview-empty" className="text-lg font-semibold">
        {t.empty.title}
      </h2>
      <p className="max-w-prose text-sm text-base-content/75">{t.empty.body}</p>
      <Link to={listingScreenPath('requests')} className={buttonClass({ variant: 'outline', size: 'sm' })}>
        {t.empty.browse}
      </Link>
    </section>
  )
}
