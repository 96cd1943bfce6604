import { useSearchParams } from 'react-router'
import { PageHeader } from '@/components/ui/PageHeader'
import { useAppConfig } from '@/features/app-config'
import { useSession } from '@/features/auth/session'
import { useDocumentTitle } from '@/lib/use-document-title'
import { PaymentHistory } from '../components/PaymentHistory'
import { PaymentsNotSetUpNotice } from '../components/PaymentsNotSetUpNotice'
import { PlanCard } from '../components/PlanCard'
import { PlanTerms } from '../components/PlanTerms'
import { SubscriptionSummary } from '../components/SubscriptionSummary'
import { TestModeNotice } from '../components/TestModeNotice'
import { FALLBACK_PLANS } from '@/lib/plans'
import { useCheckout } from '../use-checkout'

export function SubscriptionPage() {
  useDocumentTitle('Subscription')
  const { user } = useSession()
  const config = useAppConfig()
  const [params] = useSearchParams()
  const checkout = useCheckout()
  const plans = config.data?.plans ?? FALLBACK_PLANS
  if (!user) return null
  const active = user.subscriptionActive
  const chosen = params.get('plan') ?? (active ? user.subscriptionPlan : 'quarterly')

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-6 sm:px-6">
      <PageHeader title="Subscription" description="A plan lets you post one new listing per day." />
      <SubscriptionSummary user={user} plans={plans} sandbox={checkout.sandbox} />
      <section aria-labelledby="subscription-plans" className="space-y-4">
        <h2 id="subscription-plans" className="text-xl font-semibold">
          {active ? 'Renew' : 'Choose a plan'}
        </h2>
        {checkout.sandbox && <TestModeNotice />}
        {checkout.notSetUp && <PaymentsNotSetUpNotice />}
        <div className="grid gap-4 md:grid-cols-3">
          {plans.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              highlighted={plan.id === chosen}
              current={active && plan.id === user.subscriptionPlan}
              actionLabel={active ? 'Renew' : 'Subscribe'}
              actionName={active ? `Renew with ${plan.name}` : undefined}
              onChoose={checkout.start}
              busy={checkout.busyPlanId === plan.id}
              disabled={!!checkout.busyPlanId || !checkout.ready}
            />
          ))}
        </div>
        <PlanTerms />
      </section>
      <PaymentHistory />
    </div>
  )
}
