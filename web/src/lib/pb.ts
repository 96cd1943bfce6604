import PocketBase, { type RecordModel } from 'pocketbase'
import { spreadReconnects, watchReconnects } from './realtime-reconnect'

/**
 * The PocketBase SDK client, used for realtime subscriptions only. Sign-in never goes through
 * it: pb.authStore stays empty, and the HttpOnly session cookie rides both the EventSource
 * (GET /api/realtime) and the subscription POST (same origin), so the server knows the member.
 * Auto-cancellation is off so TanStack Query alone decides about duplicate requests.
 */
export const pb = new PocketBase(window.location.origin)
pb.autoCancellation(false)

/** Who hears that the stream came back after it was lost (subscribeInbox's `reconnected`). */
const reconnectListeners = new Set<() => void>()
// After a restart, this tab reconnects after its own random delay, not with every other tab.
spreadReconnects(pb.realtime)
watchReconnects(pb, () => reconnectListeners.forEach((listener) => listener()))

export type RealtimeAction = 'create' | 'update' | 'delete' | (string & {})

export interface InboxHandlers {
  message: (action: RealtimeAction, record: RecordModel) => void
  conversation: (action: RealtimeAction, record: RecordModel) => void
  notification: (action: RealtimeAction, record: RecordModel) => void
  /** One of the member's deals changed: the record carries only its `id` and `version`. */
  deal?: (action: RealtimeAction, record: RecordModel) => void
  /** The subscriptions are in place: from now on no change is missed. */
  subscribed?: () => void
  /**
   * The stream was lost (a server restart, a network change) and is back, subscribed again:
   * events sent meanwhile were lost, so what they keep fresh should be read again.
   */
  reconnected?: () => void
  /**
   * The member's sessions ended elsewhere (a password reset or change, signing out everywhere):
   * the server tells this page at once, with why (`session` topic, docs/security.md "Sessions").
   */
  sessionEnded?: (reason: string) => void
}

/**
 * Subscribes to the member's own messages, conversations, notifications and deals (the server
 * delivers only those), and to the end of their sessions. Returns the unsubscribe function.
 */
export function subscribeInbox(handlers: InboxHandlers): () => void {
  const offs = Promise.all([
    pb.collection('messages').subscribe('*', (e) => handlers.message(e.action, e.record)),
    pb.collection('conversations').subscribe('*', (e) => handlers.conversation(e.action, e.record)),
    pb.collection('notifications').subscribe('*', (e) => handlers.notification(e.action, e.record)),
    pb.collection('deals').subscribe('*', (e) => handlers.deal?.(e.action, e.record)),
    pb.realtime.subscribe('session', (data: { reason?: unknown }) => handlers.sessionEnded?.(String(data?.reason ?? ''))),
  ])
  void offs.then(() => handlers.subscribed?.()).catch(() => undefined)
  const reconnected = () => handlers.reconnected?.()
  reconnectListeners.add(reconnected)
  return () => {
    reconnectListeners.delete(reconnected)
    void offs.then((fns) => Promise.all(fns.map((off) => off()))).catch(() => undefined)
  }
}
