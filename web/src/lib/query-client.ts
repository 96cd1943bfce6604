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

/**
 * Refetches the queries under queryKey (those on screen) without aborting one already on its way:
 * invalidateQueries cancels an in-flight refetch by default, which the browser logs as
 * net::ERR_ABORTED. One on its way is let finish, then the queries refetch, since its answer may
 * predate the change that asked for this. Realtime and the inbox's own writes refresh this way.
 */
export async function refreshQueries(client: QueryClient, queryKey: readonly unknown[]): Promise<void> {
  while (client.isFetching({ queryKey }) > 0) await new Promise((resolve) => setTimeout(resolve, 50))
  await client.invalidateQueries({ queryKey }, { cancelRefetch: false })
}
