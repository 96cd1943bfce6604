import { errorMessage } from '@/lib/api'
import { toast } from '@/lib/toast'
import { adminTexts } from '../texts'

export function notifySuccess(title: string, description?: string): void {
  toast({ title, description, variant: 'success' })
}

/** The standard error toast with the server's message. */
export function notifyError(error: unknown): void {
  toast({ title: adminTexts.failed, description: errorMessage(error), variant: 'destructive' })
}
