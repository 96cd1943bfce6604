import type { ReactNode } from 'react'
import type { ImpactReport as Report } from '@/lib/api-types.gen'
import { BenchmarkSection } from './BenchmarkSection'
import { DeliverablesSection } from './DeliverablesSection'
import { FiguresSection } from './FiguresSection'
import { LinksSection } from './LinksSection'
import { PhotosSection } from './PhotosSection'
import { ReportHeader } from './ReportHeader'
import { Section } from './Section'
import { SpendingSection } from './SpendingSection'
import { reportTexts } from './texts'

/**
 * A report as it reads, top to bottom: the same for the deal's members and through a share link.
 * `editor`, when the recipient edits, takes the place of the parts they write (figures, spending,
 * summary); `notice` sits under the header.
 */
export function ReportDocument({ report, editor, notice }: { report: Report; editor?: ReactNode; notice?: ReactNode }) {
  return (
    <article className="space-y-5 print:space-y-3" data-testid="report">
      <ReportHeader report={report} />
      {notice}
      <DeliverablesSection report={report} />
      <PhotosSection report={report} />
      {editor ?? (
        <>
          <FiguresSection report={report} />
          <LinksSection report={report} />
          <SpendingSection report={report} />
          <Section title={reportTexts.summary} testId="report-summary">
            {report.summary ? (
              <p className="break-words whitespace-pre-line">{report.summary}</p>
            ) : (
              <p className="text-sm text-base-content/75">{reportTexts.noSummary}</p>
            )}
          </Section>
        </>
      )}
      {editor && <LinksSection report={report} />}
      <BenchmarkSection report={report} />
    </article>
  )
}
