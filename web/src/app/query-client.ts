import type { QueryClient } from '@tanstack/react-query'
import { currentUserQueryOptions } from '@/features/auth/api/get-current-user'
import { createQueryClient } from '@/lib/query-client'
import { forgetSignIn } from '@/lib/session-hints'

/** A 401 anywhere means the session is gone: forget the member, and the guards send them to /auth. */
function sessionEnded(client: QueryClient) {
  forgetSignIn()
  client.setQueryData(currentUserQueryOptions().queryKey, null)
}

/**
 * The app's query client. The session is asked for at once, before React's first render: every
 * first screen waits for it (the guards and the header read the same query).
 */
export function createAppQueryClient(): QueryClient {
  const client = createQueryClient({ onUnauthorized: sessionEnded })
  void client.prefetchQuery(currentUserQueryOptions())
  return client
}
