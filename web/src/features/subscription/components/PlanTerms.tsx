import { Link } from 'react-router'
import { paths } from '@/lib/paths'

/** The line under every set of plan cards: currency, no auto-renewal, and the two policies. */
export function PlanTerms({ className = '' }: { className?: string }) {
  return (
    <p className={`text-xs text-base-content/75 ${className}`}>
      Prices are in Indian rupees (INR). Plans are paid once and do not renew automatically. See the{' '}
      <Link className="link" to={paths.pricingPolicy}>
        Pricing Policy
      </Link>{' '}
      and the{' '}
      <Link className="link" to={paths.refundPolicy}>
        Refund Policy
      </Link>
      .
    </p>
  )
}
