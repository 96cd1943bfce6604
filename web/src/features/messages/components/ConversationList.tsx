import { Link } from 'react-router'
import { Avatar } from '@/components/ui/Avatar'
import { MessageIcon } from '@/components/ui/icons'
import { Spinner } from '@/components/ui/Spinner'
import { personName } from '@/lib/member'
import { useConversations } from '../api/list-conversations'
import { relativeTime } from '@/lib/dates'
import { conversationPath } from '@/lib/paths'
import { PersonName } from './PersonName'
import { UnreadBadge } from './UnreadBadge'

export function ConversationList({ activeId, currentUserId }: { activeId: string; currentUserId: string }) {
  const query = useConversations()
  if (query.isPending)
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading conversations" />
      </div>
    )
  if (query.isError)
    return (
      <p role="alert" className="p-6 text-center text-error">
        Error loading conversations. Please try again.
      </p>
    )
  if (query.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 px-6 py-14 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
          <MessageIcon className="size-7" />
        </span>
        <h2 className="text-lg font-semibold">No conversations yet</h2>
        <p className="max-w-md text-sm text-base-content/75">
          When you apply for a sponsorship or sponsor a project, a conversation with the other member will start here.
        </p>
      </div>
    )
  }
  return (
    <ul aria-label="Conversations" className="divide-y divide-base-300">
      {query.data.map((c) => {
        const active = c.id === activeId
        const unread = c.unreadCount > 0
        const preview = c.lastMessage ? `${c.lastSenderId === currentUserId ? 'You: ' : ''}${c.lastMessage}` : 'No messages yet'
        return (
          <li key={c.id}>
            <Link
              to={conversationPath(c.id)}
              aria-current={active ? 'page' : undefined}
              data-testid="conversation-item"
              className={`flex items-center gap-3 px-4 py-3 transition ${active ? 'bg-primary/10' : 'hover:bg-base-200'}`}
            >
              <Avatar src={c.other.avatar || undefined} name={personName(c.other)} />
              <span className="min-w-0 flex-1">
                <span className="flex items-center justify-between gap-2">
                  <PersonName person={c.other} className={unread ? 'font-semibold' : 'font-medium'} />
                  <span className="shrink-0 text-xs text-base-content/70">{relativeTime(c.lastMessageAt || c.createdAt)}</span>
                </span>
                <span className="flex items-center justify-between gap-2">
                  <span className={`truncate text-sm ${unread ? 'font-medium text-base-content' : 'text-base-content/75'}`}>{preview}</span>
                  <UnreadBadge count={c.unreadCount} label={`${c.unreadCount} unread`} />
                </span>
              </span>
            </Link>
          </li>
        )
      })}
    </ul>
  )
}
