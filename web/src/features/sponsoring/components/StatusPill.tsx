import type { ApplicationStatus } from '@/lib/api-types.gen'

const classes: Record<ApplicationStatus, string> = {
  pending: 'border-base-300 bg-base-200 text-base-content',
  accepted: 'border-green-300 bg-green-100 text-green-900',
  declined: 'border-red-300 bg-red-100 text-red-900',
  withdrawn: 'border-base-300 bg-base-100 text-base-content/70',
}

const labels: Record<ApplicationStatus, string> = { pending: 'Pending', accepted: 'Accepted', declined: 'Declined', withdrawn: 'Withdrawn' }

export function StatusPill({ status }: { status: ApplicationStatus }) {
  return <span className={`badge badge-sm border font-medium ${classes[status] ?? classes.pending}`}>{labels[status] ?? status}</span>
}
