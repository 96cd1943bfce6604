import { useState, type FormEvent, type KeyboardEvent } from 'react'
import { Button } from '@/components/ui/Button'
import { SendIcon } from '@/components/ui/icons'
import { ApiError, errorMessage } from '@/lib/api'
import { toast } from '@/lib/toast'
import { useSendMessage } from '../api/send-message'
import { BODY_MAX } from '@/features/messages/types'

/** Enter sends, Shift+Enter starts a new line; the server's limit is shown as a counter. */
export function Composer({ conversationId }: { conversationId: string }) {
  const [body, setBody] = useState('')
  const [error, setError] = useState('')
  const send = useSendMessage(conversationId)
  const empty = body.trim() === ''
  const tooLong = body.length > BODY_MAX

  function submit(event?: FormEvent) {
    event?.preventDefault()
    if (empty || tooLong || send.isPending) return
    setError('')
    send.mutate(body.trim(), {
      onSuccess: () => setBody(''),
      onError: (e) => {
        if (e instanceof ApiError && e.status === 429) toast({ title: 'You are sending messages too fast', variant: 'destructive' })
        else if (e instanceof ApiError && e.fieldErrors.body) setError(e.fieldErrors.body)
        else toast({ title: 'Message not sent', description: errorMessage(e), variant: 'destructive' })
      },
    })
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      submit()
    }
  }

  const message = tooLong ? `Message must be at most ${BODY_MAX} characters` : error
  return (
    <form onSubmit={submit} className="border-t border-base-300 bg-base-100 p-3">
      <div className="flex items-end gap-2">
        <label htmlFor={`composer-${conversationId}`} className="sr-only">
          Write a message
        </label>
        <textarea
          id={`composer-${conversationId}`}
          className={`textarea min-h-11 flex-1 resize-none ${message ? 'textarea-error' : ''}`}
          rows={2}
          placeholder="Write a message…"
          value={body}
          onChange={(e) => setBody(e.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={message ? true : undefined}
          aria-describedby={`composer-${conversationId}-hint`}
        />
        <Button type="submit" disabled={empty || tooLong} loading={send.isPending} aria-label="Send message">
          <SendIcon className="size-5" />
          <span className="hidden sm:inline">Send</span>
        </Button>
      </div>
      <div id={`composer-${conversationId}-hint`} className="mt-1 flex justify-between gap-2 text-xs">
        <span className={message ? 'text-error' : 'text-base-content/70'} role={message ? 'alert' : undefined}>
          {message || 'Enter to send, Shift+Enter for a new line'}
        </span>
        <span className={tooLong ? 'text-error' : 'text-base-content/70'}>
          {body.length} / {BODY_MAX}
        </span>
      </div>
    </form>
  )
}
