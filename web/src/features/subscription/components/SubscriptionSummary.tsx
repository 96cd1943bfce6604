import type { Plan } from '@/features/app-config'
import type { CurrentUser } from '@/lib/api-types.gen'
import { Badge } from '@/components/ui/Badge'
import { formatDate } from '@/lib/dates'
import { planName } from '@/lib/plans'
import { stateBadgeClass, stateLabels, subscriptionState } from '@/lib/subscription-status'
import { TestModeBadge } from './TestModeBadge'

interface SubscriptionSummaryProps {
  user: CurrentUser
  plans: Plan[]
  sandbox: boolean
}

/** "Your subscription": plan, status and expiry, as the server reports them. */
export function SubscriptionSummary({ user, plans, sandbox }: SubscriptionSummaryProps) {
  const state = subscriptionState(user)
  const expiry = user.subscriptionExpiry ? formatDate(user.subscriptionExpiry) : ''
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="subscription-current">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="subscription-current" className="font-semibold">
            Your subscription
          </h2>
          {sandbox && <TestModeBadge />}
        </div>
        <dl className="grid gap-4 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-base-content/75">Plan</dt>
            <dd className="font-medium">{user.subscriptionPlan ? planName(plans, user.subscriptionPlan) : 'None'}</dd>
          </div>
          <div>
            <dt className="text-sm text-base-content/75">Status</dt>
            <dd>
              <Badge className={`badge-md ${stateBadgeClass[state]}`}>{stateLabels[state]}</Badge>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-base-content/75">{state === 'expired' ? 'Expired' : 'Expires'}</dt>
            <dd className="font-medium">{expiry || '—'}</dd>
          </div>
        </dl>
        {state === 'active' ? (
          <p className="text-sm text-base-content/80">
            You can post one new listing per day until {expiry}. Renewing now adds the plan&apos;s months to your current expiry.
          </p>
        ) : (
          <p className="text-sm text-base-content/80">
            Posting needs an active plan.
            {state === 'expired' && ' Your plan has ended: choose a plan below to post again.'}
            {state !== 'expired' && ' Choose a plan below to start posting listings.'}
            {user.isAdmin && ' As an administrator you can post without one.'}
          </p>
        )}
      </div>
    </section>
  )
}
