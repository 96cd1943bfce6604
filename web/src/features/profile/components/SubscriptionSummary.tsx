import { Link } from 'react-router'
import { buttonClass } from '@/components/ui/button-class'
import { CreditCardIcon } from '@/components/ui/icons'
import { useAppConfig } from '@/features/app-config'
import type { CurrentUser } from '@/lib/api-types.gen'
import { FALLBACK_PLANS, planName } from '@/lib/plans'
import { formatDate } from '@/lib/dates'
import { paths } from '@/lib/paths'

/** Only on your own profile: whether you can post, and a way to the subscription page. */
export function SubscriptionSummary({ user }: { user: CurrentUser }) {
  const plans = useAppConfig().data?.plans ?? FALLBACK_PLANS
  return (
    <section className="flex flex-wrap items-center gap-4 rounded-box border border-base-300 bg-base-100 p-5" aria-label="Subscription">
      <span className="flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
        <CreditCardIcon className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold">
          {user.subscriptionActive ? `${planName(plans, user.subscriptionPlan)} · active` : 'No active subscription'}
        </p>
        <p className="text-sm text-base-content/75">
          {user.subscriptionActive
            ? `Active until ${formatDate(user.subscriptionExpiry)}. You can post one new listing per day.`
            : 'Choose a plan to post your own listings. Browsing, applying and sponsoring are free.'}
        </p>
      </div>
      <Link to={paths.subscription} className={buttonClass({ variant: user.subscriptionActive ? 'outline' : 'primary', size: 'sm' })}>
        {user.subscriptionActive ? 'Manage' : 'See plans'}
      </Link>
    </section>
  )
}
