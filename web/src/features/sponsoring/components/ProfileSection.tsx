import type { ReactNode } from 'react'
import { Spinner } from '@/components/ui/Spinner'

interface ProfileSectionProps {
  id: string
  title: string
  query: { isPending: boolean; isError: boolean }
  empty: string
  count: number
  children: ReactNode
}

/** A titled card on the own profile with loading, error and empty states. */
export function ProfileSection({ id, title, query, empty, count, children }: ProfileSectionProps) {
  return (
    <section aria-labelledby={id} className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-5">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {query.isPending ? (
          <Spinner label={`Loading ${title.toLowerCase()}`} className="mx-auto" />
        ) : query.isError ? (
          <p role="alert" className="text-sm text-error">
            Error loading this section. Please try again.
          </p>
        ) : count === 0 ? (
          <p className="text-sm text-base-content/75">{empty}</p>
        ) : (
          <ul className="divide-y divide-base-300">{children}</ul>
        )}
      </div>
    </section>
  )
}
