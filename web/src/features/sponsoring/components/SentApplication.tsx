import { useState } from 'react'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import { PersonLink } from '@/components/ui/MemberName'
import { ApiError, errorMessage } from '@/lib/api'
import type { Application } from '@/lib/api-types.gen'
import { formatDate } from '@/lib/dates'
import { answerText } from '@/lib/eligibility'
import { formatUsd } from '@/lib/money'
import { toast } from '@/lib/toast'
import { useWithdrawApplication } from '../api/withdraw-application'
import { ConversationLink, DealLink } from './ApplicationLinks'
import { StatusPill } from './StatusPill'

/**
 * One of the member's own applications: its state as the applicant reads it (Sent, Accepted, Declined
 * with the poster's reason and note, Withdrawn), their answers, and Withdraw while it is pending.
 * Nothing here says whether the poster shortlisted it: the applicant never learns that.
 */
export function SentApplication({ application: a }: { application: Application }) {
  const { status } = a
  const [confirming, setConfirming] = useState(false)
  const withdraw = useWithdrawApplication()
  const { answers } = a

  const confirm = () =>
    withdraw.mutate(a.id, {
      onSuccess: () => {
        setConfirming(false)
        toast({ title: 'Application withdrawn', description: 'Its place is free again; you can apply again later.', variant: 'success' })
      },
      onError: (e) => {
        setConfirming(false)
        toast({
          title: e instanceof ApiError && e.status === 409 ? 'Already decided' : 'Could not withdraw the application',
          description: errorMessage(e),
          variant: 'destructive',
        })
      },
    })

  return (
    <li className="space-y-2 py-3" data-testid="sent-application">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words">{a.sponsorship.title}</p>
          <p className="text-sm text-base-content/75">
            {formatUsd(a.sponsorship.amount)} · applied {formatDate(a.createdAt)} · to <PersonLink person={a.poster} />
          </p>
        </div>
        <StatusPill status={status} applicant />
      </div>
      {status === 'declined' && (a.declineReasonText || a.declineNote) && (
        <div className="rounded-box bg-base-200 px-3 py-2 text-sm" data-testid="decline-reason">
          {a.declineReasonText && <p className="font-medium">Declined — {a.declineReasonText}</p>}
          {a.declineNote && <p className="whitespace-pre-line break-words">{a.declineNote}</p>}
        </div>
      )}
      {answers.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-base-content/80">Your answers ({answers.length})</summary>
          <dl className="mt-2 space-y-2 pl-4">
            {answers.map((ans) => (
              <div key={ans.questionId}>
                <dt className="font-medium">{ans.label}</dt>
                <dd className="break-words whitespace-pre-line text-base-content/80">{answerText(ans)}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
      <div className="flex flex-wrap items-center gap-3">
        {status === 'pending' && (
          <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
            Withdraw
          </Button>
        )}
        <DealLink id={a.dealId} />
        <ConversationLink id={a.conversationId} />
      </div>
      {confirming && (
        <Dialog
          open
          onClose={() => setConfirming(false)}
          title="Withdraw your application?"
          description={`Your application for “${a.sponsorship.title}” is withdrawn and its place is free again. The sponsor sees that you withdrew it. You can apply again while the offer takes applications.`}
          footer={
            <>
              <Button variant="ghost" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
              <Button loading={withdraw.isPending} onClick={confirm}>
                Withdraw application
              </Button>
            </>
          }
        />
      )}
    </li>
  )
}
