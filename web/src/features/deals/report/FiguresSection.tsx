import type { ImpactReport as Report } from '@/lib/api-types.gen'
import { FigureSource } from '@/components/ui/Provenance'
import { Section } from './Section'
import { reportTexts } from './texts'

/** The recipient's figures, each with where it came from (self-reported, evidenced) and its date. */
export function FiguresSection({ report }: { report: Report }) {
  return (
    <Section title={reportTexts.figures} testId="report-figures">
      {report.figures.length === 0 ? (
        <p className="text-sm text-base-content/75">{reportTexts.noFigures}</p>
      ) : (
        <dl className="grid gap-3 sm:grid-cols-2 print:grid-cols-2">
          {report.figures.map((f) => (
            <div
              key={f.id}
              className="space-y-1 rounded-box bg-base-200 px-4 py-3 print:border print:border-base-300"
              data-testid="report-figure"
            >
              <dt className="text-sm text-base-content/80">{f.label}</dt>
              <dd className="text-2xl font-bold">{f.value.toLocaleString()}</dd>
              <dd>
                <FigureSource figure={f} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Section>
  )
}
