import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { AdminMember } from '../types'
import { queryKeys } from '@/lib/query-keys'

export interface VerifyMemberInput {
  memberId: string
  verified: boolean
  /** The social link as shown (named by value, never by position: the member may reorder meanwhile); absent for the member's own badge. */
  link?: SocialLinkRef
}

export interface SocialLinkRef {
  platform: string
  username: string
}

function verifyMember({ memberId, verified, link }: VerifyMemberInput): Promise<AdminMember> {
  const base = `/api/admin/members/${encodeURIComponent(memberId)}`
  const action = verified ? 'verify' : 'unverify'
  if (!link) return api.post<AdminMember>(`${base}/${action}`)
  return api.post<AdminMember>(`${base}/social/${action}`, { platform: link.platform, username: link.username })
}

/** Badges show in members, the queue, the overview and the log: refresh the dashboard. */
export function useVerifyMember() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: verifyMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin }),
  })
}
