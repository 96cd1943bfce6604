import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { currentUserQueryOptions } from '@/features/auth/api/get-current-user'
import { SubscriptionRequiredDialog } from '@/features/subscription/components/SubscriptionRequiredDialog'
import type { CurrentUser } from '@/lib/api-types.gen'
import type { ListingKind } from '@/lib/listing'
import { CreateListingDialog } from '@/features/posting/components/CreateListingDialog'

interface PostingFlowProps {
  user: CurrentUser
  initialKind: ListingKind
  onClose: () => void
}

/**
 * Create New: the first dialog (plans, or the active-subscription view) closes on proceeding and
 * the creation form opens. Mount it to start the flow; unmounting ends it.
 */
export function PostingFlow({ user, initialKind, onClose }: PostingFlowProps) {
  const [step, setStep] = useState<'gate' | 'form'>('gate')
  const queryClient = useQueryClient()
  // A 402 from the post: the plan lapsed meanwhile. Refresh the member and show the plans again.
  const paymentRequired = () => {
    void queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey })
    setStep('gate')
  }
  return (
    <>
      <SubscriptionRequiredDialog open={step === 'gate'} user={user} onClose={onClose} onContinue={() => setStep('form')} />
      <CreateListingDialog
        open={step === 'form'}
        initialKind={initialKind}
        userId={user.id}
        onClose={onClose}
        onPaymentRequired={paymentRequired}
      />
    </>
  )
}
