import { useSearchParams } from 'react-router'
import { ComingSoon, PageHeader } from '@/components/ui/PageHeader'
import { useAppConfig } from '@/features/app-config/api/get-app-config'
import { useSession } from '@/features/auth/use-session'
import { SUPPORT_EMAIL } from '@/features/info/content/types'
import { formatDate } from '@/lib/format'
import { PlanCard } from '../components/PlanCard'
import { FALLBACK_PLANS, planName } from '../plans'
import { useDocumentTitle } from '@/lib/use-document-title'

export function SubscriptionPage() {
  useDocumentTitle('Subscription')
  const { user } = useSession()
  const config = useAppConfig()
  const [params] = useSearchParams()
  const plans = config.data?.plans ?? FALLBACK_PLANS
  const chosen = params.get('plan') ?? 'quarterly'
  if (!user) return null

  const rows = [
    ['Plan', user.subscriptionPlan ? planName(plans, user.subscriptionPlan) : 'None'],
    ['Status', user.subscriptionActive ? 'Active' : user.subscriptionStatus ? `Not active (${user.subscriptionStatus})` : 'Not active'],
    ['Expires', user.subscriptionExpiry ? formatDate(user.subscriptionExpiry) : '—'],
  ]

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-6 sm:px-6">
      <PageHeader title="Subscription" description="A plan lets you post one new listing per day." />
      <section className="card border border-base-300 bg-base-100" aria-labelledby="subscription-current">
        <div className="card-body">
          <h2 id="subscription-current" className="font-semibold">Your subscription</h2>
          <dl className="grid gap-4 sm:grid-cols-3">
            {rows.map(([label, value]) => (
              <div key={label}>
                <dt className="text-sm text-base-content/75">{label}</dt>
                <dd className="font-medium">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
      <section aria-labelledby="subscription-plans" className="space-y-4">
        <h2 id="subscription-plans" className="text-xl font-semibold">Plans</h2>
        <div className="grid gap-4 md:grid-cols-3">
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} highlighted={plan.id === chosen} current={user.subscriptionActive && plan.id === user.subscriptionPlan} />
          ))}
        </div>
      </section>
      <ComingSoon title="Paying online">
        Buying and renewing a plan with Razorpay (cards, UPI, net banking), and your payment history, arrive in the next update.
        Until then, write to <a className="link link-primary" href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> to subscribe.
        {config.data?.payments.mode === 'sandbox' && ' This server runs payments in test mode.'}
      </ComingSoon>
    </div>
  )
}
