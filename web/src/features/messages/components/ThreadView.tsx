import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { Avatar } from '@/components/ui/Avatar'
import { Button } from '@/components/ui/Button'
import { ArrowLeftIcon } from '@/components/ui/icons'
import { Spinner } from '@/components/ui/Spinner'
import { personName } from '@/lib/member'
import { ApiError } from '@/lib/api'
import { paths, profilePath } from '@/lib/paths'
import { useConversation } from '../api/get-conversation'
import { flattenMessages, useMessages } from '../api/list-messages'
import { useMarkConversationRead } from '../api/mark-read'
import { Composer } from './Composer'
import { MessageBubble } from './MessageBubble'
import { PersonName } from './PersonName'

/** Marks the conversation read when it opens and whenever a new message arrives while the tab is visible. */
function useMarkRead(conversationId: string, newestId: string | undefined) {
  const { mutate } = useMarkConversationRead()
  useEffect(() => {
    if (!newestId) return
    const mark = () => {
      if (document.visibilityState === 'visible') mutate(conversationId)
    }
    mark()
    document.addEventListener('visibilitychange', mark)
    return () => document.removeEventListener('visibilitychange', mark)
  }, [conversationId, newestId, mutate])
}

export function ThreadView({ conversationId }: { conversationId: string }) {
  const conversation = useConversation(conversationId)
  const messages = useMessages(conversationId)
  const list = flattenMessages(messages.data)
  const newest = list[list.length - 1]
  const bottom = useRef<HTMLDivElement>(null)
  useMarkRead(conversationId, newest?.id)

  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' })
  }, [newest?.id])

  if (conversation.isError || messages.isError) {
    const missing = [conversation.error, messages.error].some((e) => e instanceof ApiError && e.status === 404)
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 p-10 text-center">
        <h2 className="text-lg font-semibold">
          {missing ? 'Conversation not found' : 'Error loading this conversation. Please try again.'}
        </h2>
        <Link to={paths.messages} className="link link-primary">
          Back to conversations
        </Link>
      </div>
    )
  }
  if (conversation.isPending || messages.isPending) {
    return (
      <div className="flex flex-1 items-center justify-center p-10">
        <Spinner label="Loading conversation" />
      </div>
    )
  }

  const other = conversation.data.other
  return (
    <section className="flex min-h-0 flex-1 flex-col" aria-label={`Conversation with ${personName(other)}`}>
      <header className="flex items-center gap-3 border-b border-base-300 bg-base-100 px-3 py-2.5">
        <Link to={paths.messages} className="btn btn-ghost btn-sm btn-circle md:hidden" aria-label="Back to conversations">
          <ArrowLeftIcon className="size-5" />
        </Link>
        <Avatar src={other.avatar || undefined} name={personName(other)} size="sm" />
        {other.deleted ? (
          <PersonName person={other} className="font-semibold" />
        ) : (
          <Link to={profilePath(other.id)} className="min-w-0 font-semibold hover:underline">
            <PersonName person={other} />
          </Link>
        )}
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto bg-base-200/60 px-3 py-4" data-testid="thread">
        {messages.hasNextPage && (
          <div className="mb-3 flex justify-center">
            <Button size="sm" variant="ghost" loading={messages.isFetchingNextPage} onClick={() => void messages.fetchNextPage()}>
              Load earlier
            </Button>
          </div>
        )}
        {list.length === 0 ? (
          <p className="py-10 text-center text-sm text-base-content/75">No messages yet. Say hello!</p>
        ) : (
          <ol className="space-y-1" aria-label="Messages">
            {list.map((m) => (
              <MessageBubble key={m.id} message={m} />
            ))}
          </ol>
        )}
        <div ref={bottom} />
      </div>
      {other.deleted ? (
        <p className="border-t border-base-300 bg-base-100 p-4 text-center text-sm text-base-content/75">
          This member has deleted their account.
        </p>
      ) : (
        <Composer key={conversationId} conversationId={conversationId} />
      )}
    </section>
  )
}
