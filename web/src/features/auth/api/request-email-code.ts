import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { EmailCodeRequestInput } from '../schemas'

/** What the server answers, the same for every address (docs/api/sign-in.md). */
export interface EmailCodeSent {
  otpId: string
  email: string
  expiresAt: string
}

export function requestEmailCode(input: EmailCodeRequestInput): Promise<EmailCodeSent> {
  return api.post<EmailCodeSent>('/api/auth/email-code/request', input)
}

export function useRequestEmailCode() {
  return useMutation({ mutationFn: requestEmailCode })
}
