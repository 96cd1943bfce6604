import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { AppConfig, Plan } from '@/lib/api-types.gen'
import { queryKeys } from '@/lib/query-keys'

/** GET /api/app-config (pb/internal/appconfig): `payments.mode` off means the payment routes answer 503; `mail.available` false, the routes that mail codes. */
export type { AppConfig, Plan }

function appConfigQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.appConfig,
    queryFn: ({ signal }) => api('GET /api/app-config', { signal }),
  })
}

export function useAppConfig() {
  return useQuery(appConfigQueryOptions())
}
