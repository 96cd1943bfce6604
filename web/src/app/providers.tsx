import { useState, type ReactNode } from 'react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { Toaster } from '@/components/ui/Toaster'
import { currentUserQueryOptions } from '@/features/auth/api/get-current-user'
import { createQueryClient } from '@/lib/query-client'
import { forgetSignIn } from '@/lib/session-hints'

/** A 401 anywhere means the session is gone: forget the member, and the guards send them to /auth. */
function sessionEnded(client: QueryClient) {
  forgetSignIn()
  client.setQueryData(currentUserQueryOptions().queryKey, null)
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => createQueryClient({ onUnauthorized: sessionEnded }))
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  )
}
