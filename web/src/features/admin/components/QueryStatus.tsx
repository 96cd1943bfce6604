import type { ReactNode } from 'react'
import { Spinner } from '@/components/ui/Spinner'
import { errorMessage } from '@/lib/api'

interface QueryStatusProps {
  query: { isPending: boolean; isError: boolean; error: unknown }
  loading: string
  children: () => ReactNode
}

/** Loading and error states shared by the tabs; children render once the data is there. */
export function QueryStatus({ query, loading, children }: QueryStatusProps) {
  if (query.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label={loading} />
      </div>
    )
  }
  if (query.isError) {
    return (
      <p role="alert" className="py-8 text-center font-medium text-error">
        {errorMessage(query.error)}
      </p>
    )
  }
  return <>{children()}</>
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-box border border-dashed border-base-300 bg-base-100 py-12 text-center text-base-content/75">{children}</p>
}
