import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { AdminMember } from '../types'
import { adminKey } from './admin-key'

export interface VerifyMemberInput {
  memberId: string
  verified: boolean
  /** Position in socialMedia as returned; absent for the member's own badge. */
  socialIndex?: number
}

export function verifyMember({ memberId, verified, socialIndex }: VerifyMemberInput): Promise<AdminMember> {
  const base = `/api/admin/members/${encodeURIComponent(memberId)}`
  const action = verified ? 'verify' : 'unverify'
  return api.post<AdminMember>(socialIndex === undefined ? `${base}/${action}` : `${base}/social/${socialIndex}/${action}`)
}

/** Badges show in members, the queue, the overview and the log: refresh the dashboard. */
export function useVerifyMember() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: verifyMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKey }),
  })
}
