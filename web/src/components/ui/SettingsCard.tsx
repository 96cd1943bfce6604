import type { ReactNode } from 'react'

export function SettingsCard({
  id,
  title,
  description,
  children,
  danger = false,
}: {
  id: string
  title: string
  description?: ReactNode
  children: ReactNode
  danger?: boolean
}) {
  return (
    <section aria-labelledby={id} className={`card border bg-base-100 shadow-sm ${danger ? 'border-error/40' : 'border-base-300'}`}>
      <div className="card-body gap-3 p-5 sm:p-6">
        <div>
          <h2 id={id} className={`scroll-mt-20 text-lg font-semibold ${danger ? 'text-error' : ''}`}>
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-base-content/75">{description}</p>}
        </div>
        {children}
      </div>
    </section>
  )
}
