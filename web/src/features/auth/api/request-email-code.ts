import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { EmailCodeSent } from '@/lib/api-types.gen'
import type { EmailCodeRequestInput } from '../schemas'

/** What the server answers, the same for every address (docs/api/sign-in.md). */
export type { EmailCodeSent }

function requestEmailCode(input: EmailCodeRequestInput) {
  return api('POST /api/auth/email-code/request', { body: input })
}

export function useRequestEmailCode() {
  return useMutation({ mutationFn: requestEmailCode })
}
