import type { Plan } from '@/lib/api-types.gen'

/** The spec's plan table, used only until the server's (app-config) has loaded. */
export const FALLBACK_PLANS: Plan[] = [
  {
    id: 'monthly',
    name: '1 Month Plan',
    price: 400,
    currency: 'INR',
    months: 1,
    note: '',
    features: ['Post once per day', 'Full access', 'Priority support'],
  },
  {
    id: 'quarterly',
    name: '3 Month Plan',
    price: 900,
    currency: 'INR',
    months: 3,
    note: 'saves 25%',
    features: ['Post once per day', 'Full access', 'Priority support'],
  },
  {
    id: 'biannual',
    name: '6 Month Plan',
    price: 1500,
    currency: 'INR',
    months: 6,
    note: 'saves 38%',
    features: ['Post once per day', 'Full access', 'Premium priority support'],
  },
]

export function planName(plans: Plan[], id: string): string {
  return plans.find((p) => p.id === id)?.name ?? id
}
