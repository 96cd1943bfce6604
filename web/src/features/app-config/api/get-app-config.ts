import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { Plan } from '@/lib/api-types.gen'
import { queryKeys } from '@/lib/query-keys'

export type { Plan }

/** GET /api/app-config (pb/internal/appconfig; its Go answer type is unexported, so written here). */
export interface AppConfig {
  appName: string
  demo: boolean
  demoCredentials?: { username: string; password: string }
  google: { configured: boolean }
  /** off: no Razorpay keys and no sandbox; the payment routes answer 503. */
  payments: { mode: 'sandbox' | 'live' | 'off' }
  /** false: no SMTP and no development mailbox; the routes that mail codes answer 503. */
  mail: { available: boolean }
  categories: string[]
  plans: Plan[]
}

function appConfigQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.appConfig,
    queryFn: ({ signal }) => api.get<AppConfig>('/api/app-config', undefined, signal),
  })
}

export function useAppConfig() {
  return useQuery(appConfigQueryOptions())
}
