import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { useAppConfig, type Plan } from '@/features/app-config'
import type { CurrentUser } from '@/lib/api-types.gen'
import { useSession } from '@/features/auth/session'
import { ApiError } from '@/lib/api'
import { paths } from '@/lib/paths'
import { toast } from '@/lib/toast'
import { useCreateSubscription } from './api/create-subscription'
import { useVerifySubscription } from './api/verify-subscription'
import { CHECKOUT_THEME_COLOR, loadCheckout, type CheckoutConstructor, type CheckoutOptions, type PaymentsMode } from './checkout'
import { checkoutTexts as t } from './texts'
import type { CheckoutSuccess, SubscriptionOrder } from '@/features/subscription/types'

interface UseCheckoutOptions {
  /** Load the checkout while the caller is on screen (live mode: checkout.js). */
  enabled?: boolean
  /** After the plan is verified and active. */
  onActivated?: (user: CurrentUser) => void
  /** Tests inject a fake Checkout class here. */
  loader?: (mode: PaymentsMode) => Promise<CheckoutConstructor>
}

function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback
}

function checkoutOptions(
  order: SubscriptionOrder,
  user: CurrentUser | null,
  handlers: Pick<CheckoutOptions, 'handler' | 'modal'>,
): CheckoutOptions {
  const prefill: CheckoutOptions['prefill'] = { name: user?.displayName || order.displayName || order.username }
  if (order.email) prefill.email = order.email
  return {
    key: order.keyId,
    amount: order.amount,
    currency: order.currency,
    order_id: order.orderId,
    name: 'SponsorBridge',
    description: order.planName,
    prefill,
    notes: { planId: order.planId },
    theme: { color: CHECKOUT_THEME_COLOR },
    ...handlers,
  }
}

/**
 * Buying a plan, shared by the Subscription Required dialog and /subscription: create the order,
 * open Checkout (Razorpay's or the sandbox's), verify its answer, toast as the spec says.
 */
export function useCheckout({ enabled = true, onActivated, loader = loadCheckout }: UseCheckoutOptions = {}) {
  const navigate = useNavigate()
  const { user } = useSession()
  const serverMode = useAppConfig().data?.payments.mode
  const mode: PaymentsMode | undefined = serverMode === 'off' ? undefined : serverMode
  const create = useCreateSubscription()
  const verify = useVerifySubscription()
  const [busyPlanId, setBusyPlanId] = useState<string | null>(null)
  // Razorpay's window is open: it lives in <body>, outside any modal <dialog> (see liveWindowOpen).
  const [windowOpen, setWindowOpen] = useState(false)
  const onActivatedRef = useRef(onActivated)
  useEffect(() => {
    onActivatedRef.current = onActivated
  })

  // Live mode: fetch checkout.js while the screen that needs it is open, not before.
  useEffect(() => {
    if (enabled && mode === 'live') loader(mode).catch(() => {})
  }, [enabled, mode, loader])

  const onPaid = (response: CheckoutSuccess) => {
    verify.mutate(response, {
      onSuccess: (activated) => {
        toast({ title: t.success, description: t.successDetail, variant: 'success' })
        setBusyPlanId(null)
        onActivatedRef.current?.(activated)
      },
      onError: (error) => {
        toast({ title: t.verifyFailed, description: messageOf(error, t.verifyFailedFallback), variant: 'destructive' })
        setBusyPlanId(null)
      },
    })
  }

  const start = async (plan: Plan) => {
    if (!user) {
      navigate(paths.auth)
      return
    }
    if (busyPlanId || !mode) return
    setBusyPlanId(plan.id)
    let Checkout: CheckoutConstructor
    try {
      Checkout = await loader(mode)
    } catch {
      toast({ title: t.paymentFailed, description: t.paymentFailedFallback, variant: 'destructive' })
      setBusyPlanId(null)
      return
    }
    let order: SubscriptionOrder
    try {
      order = await create.mutateAsync({ planId: plan.id })
    } catch (error) {
      setBusyPlanId(null)
      if (error instanceof ApiError && error.status === 401) {
        navigate(paths.auth)
        return
      }
      const message = error instanceof ApiError && error.message ? error.message : t.createFailedFallback
      toast({ title: t.paymentFailed, description: message || t.paymentFailedFallback, variant: 'destructive' })
      return
    }
    const checkout = new Checkout(
      checkoutOptions(order, user, {
        handler: (response) => {
          setWindowOpen(false)
          onPaid(response)
        },
        // The member closed the window: no toast, the plans are usable again.
        modal: {
          ondismiss: () => {
            setWindowOpen(false)
            setBusyPlanId(null)
          },
        },
      }),
    )
    // Razorpay keeps its window open after a failure so that the member can retry.
    checkout.on('payment.failed', (response) => {
      toast({ title: t.paymentFailed, description: response.error?.description || t.paymentFailedFallback, variant: 'destructive' })
    })
    setWindowOpen(true)
    checkout.open()
  }

  return {
    start: (plan: Plan) => void start(plan),
    busyPlanId,
    /** Unknown until app-config has loaded. */
    mode,
    sandbox: mode === 'sandbox',
    /**
     * Razorpay's own window is on screen (live mode). checkout.js appends it to <body>, which an open
     * modal <dialog> keeps under the top layer and inert: a modal caller must step aside meanwhile.
     * (The sandbox's window is itself a modal dialog, stacked on top, so it needs nothing.)
     */
    liveWindowOpen: windowOpen && mode === 'live',
    ready: !!mode,
    /** The server has neither Razorpay keys nor the sandbox: no plan can be bought. */
    notSetUp: serverMode === 'off',
  }
}
