import PocketBase from 'pocketbase'

/**
 * The PocketBase SDK client, kept for realtime subscriptions only (messages, later issues).
 * Sign-in never goes through it: the session is an HttpOnly cookie the page cannot read.
 * Auto-cancellation is off so TanStack Query alone decides about duplicate requests.
 */
export const pb = new PocketBase(window.location.origin)
pb.autoCancellation(false)
