import { Spinner } from '@/components/ui/Spinner'
import { ApiError } from '@/lib/api'

/** The deal on its way. */
export function DealLoading() {
  return (
    <div className="flex items-center gap-3 py-10 text-base-content/75">
      <Spinner label="Loading the deal" className="loading-md" />
      <p>Loading the deal…</p>
    </div>
  )
}

/** No deal: not found (or not this member's), or the request failed. */
export function DealLoadError({ error }: { error: Error }) {
  if (error instanceof ApiError && error.status === 404) {
    return (
      <section className="mx-auto max-w-xl rounded-box border border-base-300 bg-base-100 p-6 text-center">
        <h1 className="text-2xl font-bold">Deal not found</h1>
        <p className="mt-2 text-base-content/80">Only the sponsor and the recipient of a deal can open it.</p>
      </section>
    )
  }
  return (
    <p role="alert" className="py-6 font-medium text-error">
      Error loading the deal. Please try again.
    </p>
  )
}
