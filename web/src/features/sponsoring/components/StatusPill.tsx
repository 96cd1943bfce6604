import type { ApplicationStatus } from '@/lib/api-types.gen'

const classes: Record<ApplicationStatus, string> = {
  pending: 'border-base-300 bg-base-200 text-base-content',
  accepted: 'border-green-300 bg-green-100 text-green-900',
  declined: 'border-red-300 bg-red-100 text-red-900',
  withdrawn: 'border-base-300 bg-base-100 text-base-content/70',
}

const labels: Record<ApplicationStatus, string> = { pending: 'Pending', accepted: 'Accepted', declined: 'Declined', withdrawn: 'Withdrawn' }

/** An application's state; its applicant reads a pending one as "Sent" (docs/api/eligibility.md, "What the applicant sees"). */
export function StatusPill({ status, applicant = false }: { status: ApplicationStatus; applicant?: boolean }) {
  return (
    <span className={`badge badge-sm border font-medium ${classes[status] ?? classes.pending}`} data-testid="application-status">
      {applicant && status === 'pending' ? 'Sent' : (labels[status] ?? status)}
    </span>
  )
}
