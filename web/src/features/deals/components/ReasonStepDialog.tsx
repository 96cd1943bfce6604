import { ReasonDialog } from '@/components/ui/ReasonDialog'
import type { Deal } from '@/lib/api-types.gen'
import type { RunStep } from '../api/deals'
import { DEAL_REASON_MAX, DISPUTE_MAX } from '../schemas'

/** The steps that take the member's words. */
export type ReasonStep = 'cancel' | 'dispute' | 'answer'

/** One dialog for the steps that take the member's words, worded for the step and for who takes it. */
export function ReasonStepDialog({
  deal,
  meId,
  otherName,
  step,
  onClose,
  pending,
  run,
}: {
  deal: Deal
  meId: string
  otherName: string
  /** The step the dialog is open for, or null when it is closed. */
  step: ReasonStep | null
  onClose: () => void
  pending: boolean
  run: RunStep
}) {
  const sponsor = deal.sponsor.id === meId
  const moneyMoved = deal.status === 'funded' || deal.status === 'delivered'
  const asking = moneyMoved && !deal.cancelRequestedBy
  // the other side asked after the money moved: this member's cancel is the answer that ends the deal
  const accepting = moneyMoved && !!deal.cancelRequestedBy && deal.cancelRequestedBy !== meId
  const reasonSteps = {
    cancel: {
      step: 'cancel',
      title: accepting ? 'Accept the cancellation' : asking ? 'Ask to cancel' : 'Cancel this deal',
      description: accepting
        ? `${otherName} asked to cancel. Once you accept, the deal is cancelled for you both; ${otherName} reads your words.`
        : asking
          ? `The money has moved, so ${otherName} must agree. Say why.`
          : `${otherName} reads your reason.${deal.origin === 'pledge' && sponsor ? ' Your pledge is withdrawn.' : ''}`,
      label: accepting ? 'Your answer' : 'Why?',
      requiredMessage: 'Say why you are cancelling',
      max: DEAL_REASON_MAX,
      submitLabel: asking ? 'Ask to cancel' : accepting ? 'Accept and cancel' : 'Cancel deal',
      success: asking ? 'Cancellation asked' : 'Deal cancelled',
    },
    dispute: {
      step: 'dispute',
      title: 'Raise a dispute',
      description: `The administrators read your words and ${otherName}'s, and decide.`,
      label: 'What went wrong?',
      requiredMessage: 'Tell the administrators what went wrong',
      max: DISPUTE_MAX,
      submitLabel: 'Raise dispute',
      success: 'Dispute raised',
    },
    answer: {
      step: 'dispute/answer',
      title: 'Add your side',
      description: 'The administrators read both sides before they decide.',
      label: 'Your side',
      requiredMessage: 'Tell the administrators your side',
      max: DISPUTE_MAX,
      submitLabel: 'Send',
      success: 'Your side is with the administrators',
    },
  } as const
  const said = reasonSteps[step ?? 'cancel']
  return (
    <ReasonDialog
      open={step !== null}
      onClose={onClose}
      title={said.title}
      description={said.description}
      label={said.label}
      requiredMessage={said.requiredMessage}
      max={said.max}
      submitLabel={said.submitLabel}
      closeLabel="Back"
      pending={pending}
      onSubmit={(reason, setError) => run({ step: said.step, body: { reason } }, said.success, (_, m) => setError(m))}
    />
  )
}
