import { formatDate, formatDateTime } from '@/lib/dates'
import { Link } from 'react-router'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import { useAppConfig } from '@/features/app-config'
import type { CurrentUser } from '@/lib/api-types.gen'
import { paths } from '@/lib/paths'
import { canOpenPostForm } from '../can-post'
import { FALLBACK_PLANS, planName } from '@/lib/plans'
import { useCheckout } from '../use-checkout'
import { PlanCard } from './PlanCard'
import { PlanTerms } from './PlanTerms'
import { PaymentsNotSetUpNotice } from './PaymentsNotSetUpNotice'
import { TestModeNotice } from './TestModeNotice'

interface SubscriptionRequiredDialogProps {
  open: boolean
  user: CurrentUser | null
  onClose: () => void
  onContinue: () => void
}

/** The first dialog of the posting flow: the plans, or the active-subscription view. */
export function SubscriptionRequiredDialog({ open, user, onClose, onContinue }: SubscriptionRequiredDialogProps) {
  const plans = useAppConfig().data?.plans ?? FALLBACK_PLANS
  const showPlans = !canOpenPostForm(user)
  // Checkout (and, in live mode, checkout.js) only while the plans are on screen.
  const checkout = useCheckout({ enabled: open && showPlans, onActivated: onContinue })

  if (!showPlans && user) {
    const waitUntil = !user.isAdmin && user.canPostAt ? user.canPostAt : ''
    return (
      <Dialog
        open={open}
        onClose={onClose}
        title="Your subscription is active"
        footer={
          <>
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={onContinue} disabled={!!waitUntil} data-autofocus>
              Continue to Post Form
            </Button>
          </>
        }
      >
        <div className="space-y-3 text-sm">
          {user.subscriptionActive ? (
            <p>
              Your <strong>{planName(plans, user.subscriptionPlan)}</strong> is active
              {user.subscriptionExpiry ? ` until ${formatDate(user.subscriptionExpiry)}` : ''}. Your plan lets you post one new listing per
              day.
            </p>
          ) : (
            <p>As an administrator you can post without a subscription.</p>
          )}
          {waitUntil && (
            <p role="alert" className="alert alert-warning alert-soft">
              Your plan allows one new listing every 24 hours. You can post again after {formatDateTime(waitUntil)}.
            </p>
          )}
        </div>
      </Dialog>
    )
  }

  return (
    <Dialog
      // Hidden, not closed, while Razorpay's window is open: the modal dialog would cover it.
      open={open && !checkout.liveWindowOpen}
      onClose={onClose}
      size="xl"
      title="Subscription Required"
      description="Posting a listing needs an active plan. Every plan lets you post once per day, with full access and priority support."
    >
      {checkout.sandbox && <TestModeNotice className="mb-4" />}
      {checkout.notSetUp && <PaymentsNotSetUpNotice className="mb-4" />}
      <div className="grid gap-4 md:grid-cols-3">
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            highlighted={plan.id === 'quarterly'}
            onChoose={checkout.start}
            busy={checkout.busyPlanId === plan.id}
            disabled={!!checkout.busyPlanId || (!!user && !checkout.ready)}
          />
        ))}
      </div>
      <PlanTerms className="mt-4" />
      {user?.subscriptionStatus === 'active' && !user.subscriptionActive && (
        <p className="mt-2 text-xs text-base-content/75">
          Your plan has expired.{' '}
          <Link className="link" to={paths.subscription}>
            See your subscription
          </Link>
          .
        </p>
      )}
    </Dialog>
  )
}
