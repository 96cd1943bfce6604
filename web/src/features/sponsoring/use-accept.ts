import { ApiError, errorMessage } from '@/lib/api'
import { toast } from '@/lib/toast'
import { useDecideApplication } from './api/decide-application'

/** Accept, with its toasts: the server opens the deal; the application then links to it. */
export function useAccept() {
  const decide = useDecideApplication()
  const accept = (id: string) =>
    decide.mutate(
      { id, decision: 'accept' },
      {
        onSuccess: () => toast({ title: 'Application accepted', description: 'A deal is open with the applicant.', variant: 'success' }),
        onError: (e) =>
          toast({
            title: e instanceof ApiError && e.status === 409 ? 'Already decided' : 'Could not update the application',
            description: errorMessage(e),
            variant: 'destructive',
          }),
      },
    )
  return { accept, pending: decide.isPending, pendingId: decide.isPending ? decide.variables?.id : undefined }
}
