import { useSearchParams } from 'react-router'
import { MessageIcon } from '@/components/ui/icons'
import { useSession } from '@/features/auth/session'
import { useDocumentTitle } from '@/lib/use-document-title'
import { ConversationList } from '../components/ConversationList'
import { ThreadView } from '../components/ThreadView'

/** Conversation list and thread side by side; on phones the thread replaces the list. */
export function MessagesPage() {
  useDocumentTitle('Messages')
  const { user } = useSession()
  const [params] = useSearchParams()
  const active = params.get('c') ?? ''
  if (!user) return null

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-0 py-0 sm:px-6 sm:py-6">
      <h1 className={`px-4 pt-4 text-2xl font-bold tracking-tight sm:px-0 sm:pt-0 sm:text-3xl ${active ? 'sr-only md:not-sr-only' : ''}`}>
        Messages
      </h1>
      <div
        className={`flex ${active ? 'h-[calc(100dvh-9rem)]' : 'h-[calc(100dvh-12.5rem)]'} min-h-[24rem] overflow-hidden border-y border-base-300 bg-base-100 sm:rounded-box sm:border md:h-[calc(100dvh-4rem-7.5rem)]`}
      >
        <div className={`w-full overflow-y-auto border-base-300 md:block md:w-80 md:shrink-0 md:border-r ${active ? 'hidden' : ''}`}>
          <ConversationList activeId={active} currentUserId={user.id} />
        </div>
        <div className={`min-w-0 flex-1 flex-col ${active ? 'flex' : 'hidden md:flex'}`}>
          {active ? (
            <ThreadView key={active} conversationId={active} />
          ) : (
            <div className="flex flex-1 flex-col items-center justify-center gap-3 p-10 text-center text-base-content/75">
              <MessageIcon className="size-10 text-primary/60" />
              <p>Select a conversation to read and reply.</p>
            </div>
          )}
        </div>
      </div>
    </div>
  )
}
