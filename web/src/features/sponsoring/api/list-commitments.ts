import { queryOptions, useQuery } from '@tanstack/react-query'
import { fetchPage } from '@/lib/list-page'
import { queryKeys } from '@/lib/query-keys'

function commitmentsQueryOptions(role: 'given' | 'received') {
  return queryOptions({
    queryKey: [...queryKeys.commitments, role],
    queryFn: ({ signal }) => fetchPage('GET /api/commitments', { query: { role }, signal }).then((p) => p.items),
  })
}

export function useCommitments(role: 'given' | 'received', enabled = true) {
  return useQuery({ ...commitmentsQueryOptions(role), enabled })
}
