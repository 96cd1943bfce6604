import { useId, type ReactNode } from 'react'

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

/** "Measured": what SponsorBridge computed, never typed by a member. */
export function MeasuredTag() {
  return <span className="badge badge-sm badge-info badge-soft font-medium whitespace-nowrap">Measured</span>
}
