import type { default as PocketBase, RealtimeService } from 'pocketbase'

/**
 * After a server restart every open tab loses its stream at the same instant. The PocketBase SDK
 * tries again after fixed delays (200, 300, 500, 1000, 1200, 1500, then every 2000 ms), so
 * thousands of tabs would reconnect, and subscribe, in the same few milliseconds. Each tab draws
 * its own delays instead: the first anywhere in FIRST_WINDOW_MS, the later ones in LATER_MS, so
 * the tabs arrive spread out and stay apart while the server is still down.
 */
export const FIRST_WINDOW_MS = 10_000
export const LATER_MS = [4_000, 12_000] as const
const ATTEMPTS = 7

/** The SDK's reconnect schedule: private in its types, read on every failed connection. */
interface Schedule {
  predefinedReconnectIntervals: number[]
}

/** This tab's reconnect delays, drawn once (random: a value in [0, 1), as Math.random). */
export function reconnectDelays(random: () => number = Math.random): number[] {
  const [low, high] = LATER_MS
  return Array.from({ length: ATTEMPTS }, (_, i) => Math.round(i === 0 ? random() * FIRST_WINDOW_MS : low + random() * (high - low)))
}

/** Gives the realtime service this tab's own reconnect delays (reconnectDelays). */
export function spreadReconnects(realtime: RealtimeService, random: () => number = Math.random): void {
  ;(realtime as unknown as Schedule).predefinedReconnectIntervals = reconnectDelays(random)
}

/**
 * Calls onReconnect once each time the stream comes back after it was lost with subscriptions
 * in place (a restart, a network change): events sent while it was away are lost, so what they
 * keep fresh has to be read again. The SDK tells of a connection only through a `PB_CONNECT`
 * subscription, which the server refuses as a topic (docs/security.md "Realtime"); instead a loss
 * is seen through `onDisconnect` and the return through the SDK's own re-subscription (the POST
 * to /api/realtime it makes on every new connection) answering successfully. Uses the client's
 * onDisconnect and afterSend hooks: the client serves realtime only (web/src/lib/pb.ts).
 */
export function watchReconnects(client: PocketBase, onReconnect: () => void): void {
  let lost = false
  client.realtime.onDisconnect = (active) => {
    if (active.length > 0) lost = true
  }
  client.afterSend = (response, data: unknown) => {
    if (lost && response.ok && isSubscription(response.url)) {
      lost = false
      onReconnect()
    }
    return data
  }
}

function isSubscription(url: string): boolean {
  try {
    return new URL(url).pathname === '/api/realtime'
  } catch {
    return false
  }
}
