import { useState } from 'react'
import { Badge } from '@/components/ui/Badge'
import { Button } from '@/components/ui/Button'
import { formatDate } from '@/lib/dates'
import { useContactMessages } from '../api/list-contact-messages'
import { useResolveContactMessage } from '../api/resolve-contact-message'
import { adminTexts } from '../texts'
import type { ContactStatus } from '../types'
import { notifyError, notifySuccess } from './notify'
import { Pager } from './Pager'
import { EmptyState, QueryStatus } from './QueryStatus'
import { SegmentedFilter } from './SegmentedFilter'

const statuses = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'all', label: 'All' },
] as const

export function ContactMessagesTab() {
  const [status, setStatus] = useState<ContactStatus>('open')
  const [page, setPage] = useState(1)
  const messages = useContactMessages(status, page)
  const resolve = useResolveContactMessage()

  return (
    <div className="space-y-4">
      <SegmentedFilter
        label="Message status"
        items={statuses}
        value={status}
        onChange={(value) => {
          setStatus(value)
          setPage(1)
        }}
      />
      <QueryStatus query={messages} loading="Loading messages">
        {() =>
          messages.data && messages.data.items.length > 0 ? (
            <>
              <ul className="space-y-3" aria-label="Contact messages">
                {messages.data.items.map((m) => (
                  <li key={m.id}>
                    <article
                      aria-label={m.subject || `Message from ${m.name}`}
                      data-testid="contact-message"
                      className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm"
                    >
                      <div className="flex flex-wrap items-start justify-between gap-3">
                        <div className="min-w-0 flex-1">
                          <h3 className="font-semibold break-words">{m.subject || '(no subject)'}</h3>
                          <p className="text-sm text-base-content/80">
                            {m.name} ·{' '}
                            <a className="link break-all" href={`mailto:${m.email}`}>
                              {m.email}
                            </a>{' '}
                            · {formatDate(m.createdAt)}
                          </p>
                        </div>
                        {m.resolved ? (
                          <Badge className="border-green-300 bg-green-100 text-green-800">Resolved {formatDate(m.resolvedAt)}</Badge>
                        ) : (
                          <Button
                            size="sm"
                            variant="outline"
                            loading={resolve.isPending && resolve.variables === m.id}
                            onClick={() =>
                              resolve.mutate(m.id, {
                                onSuccess: () => notifySuccess(adminTexts.messageResolved, m.subject || m.name),
                                onError: notifyError,
                              })
                            }
                          >
                            Mark resolved
                          </Button>
                        )}
                      </div>
                      <p className="mt-3 text-sm break-words whitespace-pre-line">{m.message}</p>
                    </article>
                  </li>
                ))}
              </ul>
              <Pager label="Message pages" list={messages.data} onChange={setPage} />
            </>
          ) : (
            <EmptyState>{status === 'open' ? 'No open messages.' : 'No messages.'}</EmptyState>
          )
        }
      </QueryStatus>
    </div>
  )
}
