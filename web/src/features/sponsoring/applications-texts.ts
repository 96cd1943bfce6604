import { reviewApplicationsLabel } from './review-link-label'
import type { ApplicationSort, ApplicationStatusFilter } from './api/list-offer-applications'

/** The words of the poster's applications view and its compare. */
export const applicationsTexts = {
  title: 'Applications',
  filtersLabel: 'Filter and sort applications',
  status: 'Status',
  statusAll: 'All but withdrawn',
  statuses: { pending: 'Pending', accepted: 'Accepted', declined: 'Declined', withdrawn: 'Withdrawn' } satisfies Record<
    ApplicationStatusFilter,
    string
  >,
  sort: 'Sort by',
  sorts: { newest: 'Newest', match: 'Best match', reliability: 'Reliability', audience: 'Largest audience' } satisfies Record<
    ApplicationSort,
    string
  >,
  shortlistedOnly: 'Shortlisted only',
  loading: 'Loading applications',
  error: 'Could not load the applications.',
  empty: 'Nobody has applied for this sponsorship yet.',
  emptyFiltered: 'No application matches these filters.',
  selectionLabel: 'Selected applications',
  compareHint: 'Select 2 to 4 shortlisted applications to compare them.',
  compareTitle: 'Compare applications',
  compareBack: 'Back to all applications',
  reviewLink: reviewApplicationsLabel,
} as const
