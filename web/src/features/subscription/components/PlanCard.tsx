import { Button } from '@/components/ui/Button'
import { CheckIcon } from '@/components/ui/icons'
import type { Plan } from '@/features/app-config'
import { formatInr } from '@/lib/money'

interface PlanCardProps {
  plan: Plan
  highlighted?: boolean
  actionLabel?: string
  onChoose?: (plan: Plan) => void
  current?: boolean
  /** The button shows a spinner (this plan's checkout is running). */
  busy?: boolean
  disabled?: boolean
  /** Accessible name of the button; `{actionLabel} to {plan name}` unless given. */
  actionName?: string
}

export function PlanCard({
  plan,
  highlighted = false,
  actionLabel = 'Subscribe',
  onChoose,
  current = false,
  busy = false,
  disabled = false,
  actionName,
}: PlanCardProps) {
  const headingId = `plan-${plan.id}-name`
  return (
    <section
      aria-labelledby={headingId}
      data-testid="plan-card"
      className={`card border bg-base-100 ${highlighted ? 'border-primary shadow-md' : 'border-base-300'}`}
    >
      <div className="card-body gap-3 p-5">
        <div className="flex items-center justify-between gap-2">
          <h3 id={headingId} className="font-semibold">
            {plan.name}
          </h3>
          {plan.note && <span className="badge badge-sm badge-success badge-soft font-medium">{plan.note}</span>}
        </div>
        <p>
          <span className="text-3xl font-bold">{formatInr(plan.price)}</span>
          <span className="text-sm text-base-content/75">
            {' '}
            / {plan.months} {plan.months === 1 ? 'month' : 'months'}
          </span>
        </p>
        <ul className="space-y-1.5 text-sm">
          {plan.features.map((f) => (
            <li key={f} className="flex items-center gap-2">
              <CheckIcon className="size-4 text-success" />
              {f}
            </li>
          ))}
        </ul>
        {current && <span className="badge badge-primary self-start">Current plan</span>}
        {onChoose && (
          <Button
            className="mt-auto"
            variant={highlighted ? 'primary' : 'outline'}
            onClick={() => onChoose(plan)}
            aria-label={actionName ?? `${actionLabel} to ${plan.name}`}
            loading={busy}
            disabled={disabled}
          >
            {actionLabel}
          </Button>
        )}
      </div>
    </section>
  )
}
