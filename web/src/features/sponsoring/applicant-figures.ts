import { formatDate } from '@/lib/dates'
import type { ApplicantProfile } from '@/lib/api-types.gen'

/** The figures of an applicant's profile the offer's rules read (all self-reported until media kits measure them). */
export function applicantFigures(p: ApplicantProfile): { label: string; value: string }[] {
  return [
    { label: 'Location', value: p.eventLocation || 'Not stated' },
    { label: 'Categories', value: p.eventCategories.length ? p.eventCategories.join(', ') : 'Not stated' },
    { label: 'Next event', value: p.nextEventDate ? formatDate(p.nextEventDate, 'UTC') : 'Not stated' },
    { label: 'Audience', value: p.audience > 0 ? p.audience.toLocaleString() : 'Not stated' },
    { label: 'Completed deals', value: String(p.completedDeals) },
  ]
}
