import { ProofNote } from '../components/ProofNote'
import { formatDate } from '@/lib/dates'
import type { ImpactReport as Report, ReportDeliverable } from '@/lib/api-types.gen'
import { MeasuredTag, Section, StateBadge } from './Section'
import { reportTexts } from './texts'

function Timeliness({ onTime }: { onTime: boolean | null }) {
  if (onTime === null) return <StateBadge tone="neutral">{reportTexts.noDue}</StateBadge>
  return onTime ? <StateBadge tone="success">{reportTexts.onTime}</StateBadge> : <StateBadge tone="error">{reportTexts.late}</StateBadge>
}

function When({ d }: { d: ReportDeliverable }) {
  const due = d.due ? `Due ${formatDate(d.due, 'UTC')}` : ''
  const done = d.doneAt ? `done ${formatDate(d.doneAt)}` : ''
  return <p className="text-sm text-base-content/75">{[due, done].filter(Boolean).join(' · ')}</p>
}

/** What the sponsor got, each item on time or late (measured from its due date and when it was marked done), with its proof. */
export function DeliverablesSection({ report }: { report: Report }) {
  return (
    <Section
      title={reportTexts.deliverables}
      testId="report-deliverables"
      aside={
        <span className="flex items-center gap-2 text-sm">
          {report.onTimeShare !== null && <span className="font-medium">{reportTexts.onTimeShare(report.onTimeShare)}</span>}
          <MeasuredTag />
        </span>
      }
    >
      <ul className="divide-y divide-base-300">
        {report.deliverables.map((d) => (
          <li key={d.id} className="space-y-1 py-3" data-testid="report-deliverable">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-medium break-words">{d.title}</p>
              <Timeliness onTime={d.onTime} />
            </div>
            <When d={d} />
            <ProofNote text={d.proofText} link={d.proofLink} className="text-sm" />
          </li>
        ))}
      </ul>
    </Section>
  )
}
