import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { ContactInput } from '../schemas'

interface ContactAnswer {
  id: string
  message: string
}

/** Public; a signed-in member is remembered as the sender by the server. */
function sendContactMessage(input: ContactInput): Promise<ContactAnswer> {
  return api.post<ContactAnswer>('/api/contact', input)
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage })
}
