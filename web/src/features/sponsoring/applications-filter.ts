import {
  applicationSorts,
  applicationStatuses,
  type ApplicationSort,
  type ApplicationStatusFilter,
  type OfferApplicationsFilter,
} from './api/list-offer-applications'

/** The filter in the URL (?status=&shortlisted=1&sort=): a shared or reloaded view shows the same list. */
export function filterFrom(params: URLSearchParams): OfferApplicationsFilter {
  const status = params.get('status') ?? ''
  const sort = params.get('sort') ?? ''
  return {
    status: (applicationStatuses as readonly string[]).includes(status) ? (status as ApplicationStatusFilter) : '',
    shortlisted: params.get('shortlisted') === '1',
    sort: (applicationSorts as readonly string[]).includes(sort) ? (sort as ApplicationSort) : 'newest',
  }
}
