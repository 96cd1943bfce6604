import PocketBase from 'pocketbase'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FakeStream, settle, stubServer } from '@/test/fake-realtime'
import { FIRST_WINDOW_MS, LATER_MS, reconnectDelays, spreadReconnects } from './realtime-reconnect'

afterEach(() => {
  FakeStream.all = []
})

describe('reconnect delays', () => {
  it('are drawn per tab: the first anywhere in the window, the later ones in their range', () => {
    const tabs = Array.from({ length: 1000 }, () => reconnectDelays())
    const first = tabs.map((d) => d[0])
    expect(new Set(first).size).toBeGreaterThan(900)
    expect(Math.min(...first)).toBeLessThan(FIRST_WINDOW_MS * 0.05)
    expect(Math.max(...first)).toBeGreaterThan(FIRST_WINDOW_MS * 0.95)
    const later = tabs.flatMap((d) => d.slice(1))
    expect(Math.min(...later)).toBeGreaterThanOrEqual(LATER_MS[0])
    expect(Math.max(...later)).toBeLessThanOrEqual(LATER_MS[1])
    expect(new Set(later).size).toBeGreaterThan(1000)
  })

  it('spread 200 tabs reconnecting after a restart over the window, with the SDK itself', async () => {
    vi.useFakeTimers()
    stubServer()
    const tabs = Array.from({ length: 200 }, () => {
      const client = new PocketBase('http://localhost')
      spreadReconnects(client.realtime)
      return client
    })
    await Promise.all(
      tabs.map(async (client, i) => {
        const subscribed = client.realtime.subscribe('notifications/*', () => {})
        await settle()
        FakeStream.all[i].connect(`c${i}`)
        await subscribed
      }),
    )
    expect(FakeStream.all).toHaveLength(200)
    const restart = Date.now()
    for (const stream of [...FakeStream.all]) stream.fail()
    await vi.advanceTimersByTimeAsync(FIRST_WINDOW_MS)
    const again = FakeStream.all.slice(200).map((s) => s.openedAt - restart)
    expect(again).toHaveLength(200)
    // Not all at once: no 50 ms of the window holds more than 4% of the tabs, and they span it.
    const perSlot = new Map<number, number>()
    for (const t of again) perSlot.set(Math.floor(t / 50), (perSlot.get(Math.floor(t / 50)) ?? 0) + 1)
    expect(Math.max(...perSlot.values())).toBeLessThanOrEqual(8)
    expect(Math.min(...again)).toBeLessThan(FIRST_WINDOW_MS * 0.05)
    expect(Math.max(...again)).toBeGreaterThan(FIRST_WINDOW_MS * 0.95)
  })

  it('without them the SDK brings every tab back at the same instant (what they replace)', async () => {
    vi.useFakeTimers()
    stubServer()
    const tabs = Array.from({ length: 50 }, () => new PocketBase('http://localhost'))
    await Promise.all(
      tabs.map(async (client, i) => {
        const subscribed = client.realtime.subscribe('notifications/*', () => {})
        await settle()
        FakeStream.all[i].connect(`c${i}`)
        await subscribed
      }),
    )
    const restart = Date.now()
    for (const stream of [...FakeStream.all]) stream.fail()
    await vi.advanceTimersByTimeAsync(1000)
    expect(new Set(FakeStream.all.slice(50).map((s) => s.openedAt - restart))).toEqual(new Set([200]))
  })
})
