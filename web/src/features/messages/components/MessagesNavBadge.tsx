import { useUnread } from '../api/get-unread'
import { UnreadBadge } from './UnreadBadge'

/** The unread-messages count beside the Messages entry of the navigation. */
export function MessagesNavBadge({ className = '' }: { className?: string }) {
  const count = useUnread().data?.messages ?? 0
  return <UnreadBadge count={count} label={`${count} unread messages`} className={className} />
}
