import { useId, type ReactNode } from 'react'
import { ProvenanceBadge } from '@/components/ui/Provenance'

/** One part of the report: a card with its heading (a page of its own on paper: no card chrome). */
export function Section({ title, aside, children, testId }: { title: string; aside?: ReactNode; children: ReactNode; testId?: string }) {
  const id = useId()
  return (
    <section
      aria-labelledby={id}
      className="card border border-base-300 bg-base-100 shadow-sm break-inside-avoid-page print:border-0 print:shadow-none"
      data-testid={testId}
    >
      <div className="card-body gap-3 p-5 print:px-0 print:py-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={id} className="text-lg font-semibold">
            {title}
          </h2>
          {aside}
        </div>
        {children}
      </div>
    </section>
  )
}

/** "Measured": what SponsorBridge computed, never typed by a member (the provenance badge of every figure). */
export function MeasuredTag() {
  return <ProvenanceBadge provenance="measured" />
}

const tints = {
  success: 'border-success/60 bg-success/10',
  warning: 'border-warning bg-warning/20',
  error: 'border-error/60 bg-error/10',
  neutral: 'border-base-300 bg-base-200',
} as const

/** A state's small badge (Published, On time, Late…): tinted, its words in the text colour so both themes read them. */
export function StateBadge({ tone, children, testId }: { tone: keyof typeof tints; children: ReactNode; testId?: string }) {
  return (
    <span className={`badge badge-sm border font-medium whitespace-nowrap text-base-content ${tints[tone]}`} data-testid={testId}>
      {children}
    </span>
  )
}
