import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useNavigate } from 'react-router'
import { FormDialog } from '@/components/ui/FormDialog'
import { errorMessage } from '@/lib/api'
import { applyFieldErrors } from '@/lib/form-errors'
import type { SponsorshipRequest } from '@/lib/listing'
import { formatUsd } from '@/lib/money'
import { dealPath } from '@/lib/paths'
import { tierLimits } from '@/lib/tier-limits'
import { tierPickLabel, type Tier } from '@/lib/tiers'
import { toast } from '@/lib/toast'
import { useSponsorRequest } from '../api/sponsor-request'
import { connectMessageSchema, type ConnectMessageValues } from '../schemas'
import { MessageField } from './MessageField'

interface PickTierDialogProps {
  request: SponsorshipRequest
  tier: Tier
  onClose: () => void
}

/**
 * Picking a package: what it costs, what it holds and for how long, an optional message; confirming
 * pledges its price (`{tier, message}`) and opens the deal it started.
 */
export function PickTierDialog({ request, tier, onClose }: PickTierDialogProps) {
  const sponsor = useSponsorRequest(request.id)
  const navigate = useNavigate()
  const holdDays = request.holdDays ?? tierLimits.holdDaysDefault
  const form = useForm<ConnectMessageValues>({ resolver: zodResolver(connectMessageSchema), defaultValues: { message: '' } })
  const length = useWatch({ control: form.control, name: 'message' }).length

  const submit = form.handleSubmit(async ({ message }) => {
    try {
      const pledge = await sponsor.mutateAsync({ tier: tier.id, message: message.trim() })
      toast({ title: 'Package picked', description: `You pledged ${formatUsd(pledge.amount)} for “${tier.name}”.`, variant: 'success' })
      onClose()
      if (pledge.dealId) void navigate(dealPath(pledge.dealId))
    } catch (error) {
      if (applyFieldErrors(error, form.setError, ['message'])) return
      // Sold out, not on sale, an industry conflict (409), a missing industry (400 `tier`): the server's words.
      toast({ title: 'Could not pick the package', description: errorMessage(error), variant: 'destructive' })
      onClose()
    }
  })

  return (
    <FormDialog
      open
      onClose={onClose}
      title={tierPickLabel(tier)}
      description={`You pledge ${formatUsd(tier.price)} to “${request.title}”. The deal opens with the package's benefits, and your slot is held for ${holdDays === 1 ? '1 day' : `${holdDays} days`} until the deal is funded.`}
      onSubmit={submit}
      submitLabel="Confirm"
      pending={sponsor.isPending}
      formClassName="flex flex-col gap-3"
    >
      <ul className="list-disc space-y-0.5 pl-5 text-sm" aria-label={`${tier.name} benefits`}>
        {tier.benefits.map((b, i) => (
          <li key={i}>{b.title}</li>
        ))}
      </ul>
      <MessageField
        label="Message to the poster (optional)"
        length={length}
        error={form.formState.errors.message?.message}
        registration={form.register('message')}
      />
    </FormDialog>
  )
}
