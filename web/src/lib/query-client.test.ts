import { describe, expect, it, vi } from 'vitest'
import { ApiError } from './api'
import { createQueryClient } from './query-client'

describe('createQueryClient', () => {
  it('uses the spec defaults', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions()
    expect(queries).toMatchObject({ refetchOnWindowFocus: false, refetchInterval: false, retry: false, staleTime: Infinity })
    expect(mutations).toMatchObject({ retry: false })
  })

  it('reports a 401 from any query, and nothing else', async () => {
    const onUnauthorized = vi.fn()
    const client = createQueryClient({ onUnauthorized })
    await client.fetchQuery({ queryKey: ['a'], queryFn: () => Promise.reject(new ApiError(500, 'boom')) }).catch(() => {})
    expect(onUnauthorized).not.toHaveBeenCalled()
    await client.fetchQuery({ queryKey: ['b'], queryFn: () => Promise.reject(new ApiError(401, 'gone')) }).catch(() => {})
    expect(onUnauthorized).toHaveBeenCalledWith(client)
  })
})
