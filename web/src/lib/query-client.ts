import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { ApiError } from './api'

interface Options {
  /** Called when any request answers 401: the session has ended (expired, or signed out elsewhere). */
  onUnauthorized?: (client: QueryClient) => void
}

/** Query defaults of the spec: no refetch on focus or interval, data never stale, no retries. */
export function createQueryClient({ onUnauthorized }: Options = {}): QueryClient {
  const handle = (error: unknown) => {
    if (onUnauthorized && error instanceof ApiError && error.status === 401) onUnauthorized(client)
  }
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: handle }),
    mutationCache: new MutationCache({ onError: handle }),
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
  return client
}
