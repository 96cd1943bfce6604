import { QueryObserver } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import type { Deal } from '@/lib/api-types.gen'
import { createQueryClient } from '@/lib/query-client'
import { dealQueryOptions, refreshDeal } from './deal-query'

const deal = (id: string, version: number) => ({ id, version }) as unknown as Deal

/**
 * A client holding deals d1 (open on screen, version 3), d3 (open in another view, version 1) and
 * d2 (in the cache, not on screen).
 */
function setup() {
  const client = createQueryClient()
  const fetches: string[] = []
  const fetchDeal = (id: string) => () => {
    fetches.push(id)
    return Promise.resolve(deal(id, 9))
  }
  client.setQueryData(dealQueryOptions('d1').queryKey, deal('d1', 3))
  client.setQueryData(dealQueryOptions('d2').queryKey, deal('d2', 1))
  const open = new QueryObserver(client, { queryKey: dealQueryOptions('d1').queryKey, queryFn: fetchDeal('d1') })
  client.setQueryData(dealQueryOptions('d3').queryKey, deal('d3', 1))
  const other = new QueryObserver(client, { queryKey: dealQueryOptions('d3').queryKey, queryFn: fetchDeal('d3') })
  const offs = [open.subscribe(() => {}), other.subscribe(() => {})]
  const off = () => offs.forEach((f) => f())
  client.setQueryDefaults(dealQueryOptions('d2').queryKey, { queryFn: fetchDeal('d2') })
  return { client, fetches, off }
}

describe('refreshDeal', () => {
  it('refetches the open deal when an event names a newer version, and nothing else', async () => {
    const { client, fetches, off } = setup()
    refreshDeal(client, 'd1', 4)
    await vi.waitFor(() => expect(fetches).toEqual(['d1']))
    refreshDeal(client, 'd2', 2) // not on screen: marked stale, not fetched
    await new Promise((r) => setTimeout(r, 20))
    expect(fetches).toEqual(['d1']) // d3, on screen too, is not refetched
    expect(client.getQueryState(dealQueryOptions('d3').queryKey)?.isInvalidated).toBe(false)
    expect(client.getQueryState(dealQueryOptions('d2').queryKey)?.isInvalidated).toBe(true)
    off()
  })

  it('leaves the open deal alone when it already holds that version (its own step)', async () => {
    const { client, fetches, off } = setup()
    refreshDeal(client, 'd1', 3)
    refreshDeal(client, 'd1', 2)
    await new Promise((r) => setTimeout(r, 20))
    expect(fetches).toEqual([])
    expect(client.getQueryState(dealQueryOptions('d1').queryKey)?.isInvalidated).toBe(false)
    off()
  })
})
