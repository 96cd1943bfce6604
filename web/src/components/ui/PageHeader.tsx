import type { ReactNode } from 'react'

export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {description && <p className="mt-1 text-base-content/75">{description}</p>}
      </div>
      {actions}
    </div>
  )
}

/** An honest "not here yet" panel: what the page will do, and when it is coming. */
export function ComingSoon({ title, children, items }: { title: string; children?: ReactNode; items?: string[] }) {
  return (
    <section className="rounded-box border border-dashed border-base-300 bg-base-100 p-6" aria-label={title}>
      <div className="flex items-center gap-2">
        <span className="badge badge-info badge-soft">Coming soon</span>
        <h2 className="font-semibold">{title}</h2>
      </div>
      {children && <div className="mt-2 text-sm text-base-content/80">{children}</div>}
      {items && (
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-base-content/80">
          {items.map((i) => (
            <li key={i}>{i}</li>
          ))}
        </ul>
      )}
    </section>
  )
}
