import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { Commitment } from '@/lib/api-types.gen'

export const commitmentsKey = ['commitments'] as const

export function commitmentsQueryOptions(role: 'given' | 'received') {
  return queryOptions({
    queryKey: [...commitmentsKey, role],
    queryFn: ({ signal }) => api.get<Commitment[] | null>('/api/commitments', { role }, signal).then((d) => d ?? []),
  })
}

export function useCommitments(role: 'given' | 'received', enabled = true) {
  return useQuery({ ...commitmentsQueryOptions(role), enabled })
}
