import { QueryClient } from '@tanstack/react-query'

/** Query defaults of the spec: no refetch on focus or interval, data never stale, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  })
}
