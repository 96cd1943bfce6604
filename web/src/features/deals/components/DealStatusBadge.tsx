import type { DealStatus } from '@/lib/api-types.gen'
import { statusLabels } from '../texts'

const classes: Record<DealStatus, string> = {
  negotiating: 'border-base-300 bg-base-200 text-base-content',
  agreed: 'border-sky-300 bg-sky-100 text-sky-900',
  funded: 'border-indigo-300 bg-indigo-100 text-indigo-900',
  delivered: 'border-teal-300 bg-teal-100 text-teal-900',
  completed: 'border-green-300 bg-green-100 text-green-900',
  cancelled: 'border-base-300 bg-base-200 text-base-content',
  disputed: 'border-amber-300 bg-amber-100 text-amber-900',
}

export function DealStatusBadge({ status }: { status: DealStatus }) {
  return <span className={`badge badge-sm border font-medium whitespace-nowrap ${classes[status]}`}>{statusLabels[status]}</span>
}
