import PocketBase from 'pocketbase'
import { QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '@/lib/query-client'
import { queryKeys } from '@/lib/query-keys'
import { FIRST_WINDOW_MS, spreadReconnects, watchReconnects } from '@/lib/realtime-reconnect'
import { FakeStream, settle, stubServer } from '@/test/fake-realtime'
import { notificationFollows, refreshAfterReconnect } from './use-inbox-realtime'

afterEach(() => {
  FakeStream.all = []
})

describe('a notification', () => {
  it('refreshes the pages of the member it concerns: applications, pledges, deals', () => {
    expect(notificationFollows('application')).toEqual([queryKeys.applications])
    expect(notificationFollows('application_accepted')).toEqual([queryKeys.applications, queryKeys.deals])
    expect(notificationFollows('application_declined')).toEqual([queryKeys.applications])
    expect(notificationFollows('sponsorship')).toEqual([queryKeys.sponsorshipRequests, queryKeys.commitments])
    expect(notificationFollows('message')).toEqual([])
    expect(notificationFollows(undefined)).toEqual([])
  })
})

describe('after a reconnect', () => {
  it('the queries realtime keeps fresh that are on screen are read again, once', async () => {
    vi.useFakeTimers()
    const posts = stubServer()
    const client = new PocketBase('http://localhost')
    spreadReconnects(client.realtime, () => 0.5)
    const queries = createQueryClient()
    const reads: string[] = []
    const reconnects = vi.fn(() => void refreshAfterReconnect(queries))
    watchReconnects(client, reconnects)
    const observe = (key: readonly unknown[], name: string) =>
      new QueryObserver(queries, {
        queryKey: key,
        queryFn: () => {
          reads.push(name)
          return Promise.resolve(name)
        },
      })
    // On screen: the poster's applications and the notifications; in the cache only: the deals.
    const offs = [observe([...queryKeys.applications, 'poster'], 'applications'), observe(queryKeys.notifications, 'notifications')].map(
      (o) => o.subscribe(() => {}),
    )
    queries.setQueryData(queryKeys.deals, 'deals')
    queries.setQueryDefaults(queryKeys.deals, { queryFn: () => (reads.push('deals'), 'deals') })
    await settle()
    reads.length = 0

    const subscribed = client.realtime.subscribe('notifications/*', () => {})
    await settle()
    FakeStream.all[0].connect('first')
    await subscribed
    await settle()
    expect(posts).toHaveLength(1)
    expect(reconnects).not.toHaveBeenCalled()

    FakeStream.all[0].fail()
    await vi.advanceTimersByTimeAsync(FIRST_WINDOW_MS / 2)
    expect(FakeStream.all).toHaveLength(2)
    FakeStream.all[1].connect('second')
    await settle()
    await settle()
    expect(posts).toHaveLength(2)
    expect(reconnects).toHaveBeenCalledTimes(1)
    expect(reads.sort()).toEqual(['applications', 'notifications'])

    // Signing out (unsubscribing from everything) is no loss: nothing is read again.
    await client.realtime.unsubscribe()
    await settle()
    expect(reconnects).toHaveBeenCalledTimes(1)
    offs.forEach((off) => off())
  })
})
