import type { ChartData, ChartOptions, TooltipItem } from 'chart.js'
import { Chart } from 'react-chartjs-2'
import { formatMonthKey } from '@/lib/dates'
import { formatUsd } from '@/lib/money'
import type { DealOverview } from '@/lib/api-types.gen'
import { useChartTheme, type ChartTheme } from '../chart-theme'
import { categoryLabel, formatCount, formatShare } from '../format'
import { overviewTexts as t } from '../texts'

type Kind = 'bar' | 'line'

/** Axes, legend, tooltips and type in the theme's colours; `format` writes the values' axis and tooltips. */
function options<K extends Kind>(
  theme: ChartTheme,
  format: (v: number) => string,
  { horizontal = false, max }: { horizontal?: boolean; max?: number } = {},
): ChartOptions<K> {
  const valueAxis = {
    beginAtZero: true,
    max,
    grid: { color: theme.grid },
    border: { display: false },
    // whole dollars and people; a share in steps of 20 %
    ticks: {
      color: theme.muted,
      maxTicksLimit: 6,
      precision: max === 1 ? undefined : 0,
      stepSize: max === 1 ? 0.2 : undefined,
      callback: (v: number | string) => format(Number(v)),
    },
  }
  const labelAxis = {
    grid: { display: false },
    border: { color: theme.grid },
    ticks: { color: theme.muted, autoSkip: true, maxRotation: 0 },
  }
  return {
    responsive: true,
    maintainAspectRatio: false,
    // Drawn at once, never animated: figures to read, not motion (a refetch or a resize redrew them
    // sliding in from the left, caught so by screenshots).
    animation: false,
    indexAxis: horizontal ? 'y' : 'x',
    font: { family: theme.font },
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend: { position: 'bottom', labels: { color: theme.text, usePointStyle: true, font: { family: theme.font } } },
      tooltip: {
        backgroundColor: theme.surface,
        titleColor: theme.text,
        bodyColor: theme.text,
        borderColor: theme.grid,
        borderWidth: 1,
        callbacks: {
          label: (c: TooltipItem<'bar'>) => {
            const v = horizontal ? c.parsed.x : c.parsed.y
            return `${c.dataset.label}: ${v === null ? '–' : format(v)}`
          },
        },
      },
    },
    scales: horizontal ? { x: valueAxis, y: labelAxis } : { x: labelAxis, y: valueAxis },
  } as unknown as ChartOptions<K>
}

const bar = { borderRadius: 4, maxBarThickness: 28 }

/** Given and received in each of the last 12 months. */
export function MonthsChart({ months }: { months: DealOverview['months'] }) {
  const theme = useChartTheme()
  const data: ChartData<'bar', number[], string> = {
    labels: months.map((m) => formatMonthKey(m.month)),
    datasets: [
      { label: t.given, data: months.map((m) => m.given), backgroundColor: theme.given, ...bar },
      { label: t.received, data: months.map((m) => m.received), backgroundColor: theme.received, ...bar },
    ],
  }
  return <Chart type="bar" data={data} options={options<'bar'>(theme, formatUsd)} role="img" aria-label={t.months.label} />
}

/** Given and received by category, as horizontal bars (long names read on a phone). */
export function CategoriesChart({ categories }: { categories: DealOverview['categories'] }) {
  const theme = useChartTheme()
  const data: ChartData<'bar', number[], string> = {
    labels: categories.map((c) => categoryLabel(c.category)),
    datasets: [
      { label: t.given, data: categories.map((c) => c.given), backgroundColor: theme.given, ...bar },
      { label: t.received, data: categories.map((c) => c.received), backgroundColor: theme.received, ...bar },
    ],
  }
  return (
    <Chart
      type="bar"
      data={data}
      options={options<'bar'>(theme, formatUsd, { horizontal: true })}
      role="img"
      aria-label={t.categories.label}
    />
  )
}

/** Measured unique visitors (solid) and reported attendance (dashed: told apart without colour) by completion month. */
export function ReachChart({
  reach,
  measuredLabel,
  reportedLabel,
}: {
  reach: DealOverview['reach']
  measuredLabel: string
  reportedLabel: string
}) {
  const theme = useChartTheme()
  const line = { tension: 0.25, pointRadius: 3, pointHoverRadius: 5, borderWidth: 2 }
  const data: ChartData<'line', number[], string> = {
    labels: reach.map((r) => formatMonthKey(r.month)),
    datasets: [
      { label: measuredLabel, data: reach.map((r) => r.measured), borderColor: theme.measured, backgroundColor: theme.measured, ...line },
      {
        label: reportedLabel,
        data: reach.map((r) => r.reported),
        borderColor: theme.reported,
        backgroundColor: theme.reported,
        borderDash: [6, 4],
        pointStyle: 'rectRot',
        ...line,
      },
    ],
  }
  return <Chart type="line" data={data} options={options<'line'>(theme, formatCount)} role="img" aria-label={t.reach.label} />
}

/** The on-time share of each month's deliverables, 0–100 %; a month without any is a gap. */
export function OnTimeChart({ onTime }: { onTime: DealOverview['onTime'] }) {
  const theme = useChartTheme()
  const data: ChartData<'bar', (number | null)[], string> = {
    labels: onTime.map((o) => formatMonthKey(o.month)),
    datasets: [{ label: t.onTime.share, data: onTime.map((o) => o.share), backgroundColor: theme.onTime, ...bar }],
  }
  return <Chart type="bar" data={data} options={options<'bar'>(theme, formatShare, { max: 100 })} role="img" aria-label={t.onTime.label} />
}
