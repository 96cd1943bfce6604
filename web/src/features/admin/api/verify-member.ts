import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
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

function verifyMember({ memberId, verified, link }: VerifyMemberInput) {
  const action = verified ? 'verify' : 'unverify'
  const params = { id: memberId }
  if (!link) return api(`POST /api/admin/members/{id}/${action}` as const, { params })
  return api(`POST /api/admin/members/{id}/social/${action}` as const, {
    params,
    body: { platform: link.platform, username: link.username },
  })
}

/** Badges show in members, the queue, the overview and the log: refresh the dashboard. */
export function useVerifyMember() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: verifyMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin }),
  })
}
