import { provenanceWords } from '@/lib/provenance'

const { measured, self, evidenced } = provenanceWords

/** The words of /sponsorships (docs/web/sponsorships.md). */
export const overviewTexts = {
  title: 'Sponsorships',
  description: 'What you gave and received through SponsorBridge, counted from deals whose money moved.',
  given: 'Given',
  received: 'Received',
  deals: (n: number) => `${n} ${n === 1 ? 'deal' : 'deals'}`,
  showTable: 'Show as table',
  month: 'Month',
  category: 'Category',
  uncategorised: 'Uncategorised',
  months: {
    title: 'By month',
    description: 'Money given and received in the last 12 months, by the month it moved.',
    label: 'Bar chart of money given and received in each of the last 12 months. The figures are in the table below it.',
  },
  categories: {
    title: 'By category',
    description: 'Money given and received by the listing’s category.',
    label: 'Bar chart of money given and received by category. The figures are in the table below it.',
  },
  reach: {
    title: 'Reach over time',
    description:
      'By the month each deal completed: visitors SponsorBridge counted on the deal’s tracked links, and the largest attendance its impact report states.',
    measured: 'Unique visitors',
    reported: 'Reported attendance',
    /** The series with their provenance (docs/api/proof-of-value.md): measured by SponsorBridge, or reported. */
    measuredSeries: `Unique visitors (${measured.label})`,
    reportedSeries: `Reported attendance (${self.label} or ${evidenced.label.toLowerCase()})`,
    or: 'or',
    label: 'Line chart of measured reach and reported attendance by month of completion. The figures are in the table below it.',
  },
  onTime: {
    title: 'On time',
    description: 'Of the deliverables with a due date done each month, the share done on or before it.',
    share: 'On-time share',
    deliverables: 'Deliverables',
    none: 'None due',
    label: 'Bar chart of the share of deliverables done on time each month. The figures are in the table below it.',
  },
  empty: {
    title: 'No money has moved in your deals yet',
    body: 'Once a deal you sponsor or receive is funded, what you gave and received shows here by month and category, with the reach and the on-time delivery of completed deals.',
    browse: 'Browse sponsorship requests',
  },
  loadError: 'Error loading your overview. Please try again.',
  loading: 'Loading your overview',
} as const
