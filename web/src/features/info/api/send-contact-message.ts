import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { ContactInput } from '../schemas'

/** Public; a signed-in member is remembered as the sender by the server. */
function sendContactMessage(input: ContactInput) {
  return api('POST /api/contact', { body: input })
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage })
}
