import { useState } from 'react'
import { Button } from '@/components/ui/Button'
import { Spinner } from '@/components/ui/Spinner'
import { personName } from '@/lib/member'
import { useCompareApplications } from '../api/compare-applications'
import type { CompareItem } from '@/lib/api-types.gen'
import { applicationsTexts as t } from '../applications-texts'
import { CompareTable } from './CompareTable'
import { DeclineApplications } from './DeclineApplications'
import { useAccept } from '../use-accept'

/** The compare view of an offer's shortlisted applications (ids from the page's URL); accept or decline from here. */
export function CompareApplications({ offerId, ids }: { offerId: string; ids: string[] }) {
  const compare = useCompareApplications(offerId, ids)
  const { accept, pendingId } = useAccept()
  const [declining, setDeclining] = useState<CompareItem | null>(null)
  if (compare.isPending) return <Spinner label="Loading the comparison" className="mx-auto my-16" />
  if (compare.isError)
    return (
      <div role="alert" className="alert alert-error">
        <span>{compare.error.message}</span>
        <Button size="sm" onClick={() => void compare.refetch()}>
          Retry
        </Button>
      </div>
    )
  return (
    <section aria-label={t.compareTitle} className="space-y-3">
      <CompareTable
        questions={compare.data.questions}
        applications={compare.data.applications}
        onAccept={(a) => accept(a.id)}
        onDecline={setDeclining}
        accepting={pendingId}
      />
      {declining && (
        <DeclineApplications
          offerId={offerId}
          applications={[{ id: declining.id, name: personName(declining.applicant) }]}
          onClose={() => setDeclining(null)}
        />
      )}
    </section>
  )
}
