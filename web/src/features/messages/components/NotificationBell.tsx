import { useCallback, useId, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '@/components/ui/Button'
import { BellIcon } from '@/components/ui/icons'
import { Spinner } from '@/components/ui/Spinner'
import { useDismiss } from '@/lib/use-dismiss'
import { useUnread } from '../api/get-unread'
import { useNotifications } from '../api/list-notifications'
import { useMarkNotificationsRead } from '../api/mark-notifications-read'
import type { AppNotification } from '@/lib/api-types.gen'
import { relativeTime } from '@/lib/dates'
import { UnreadBadge } from './UnreadBadge'

/** The header bell: unread count, and a panel with the latest notifications. */
export function NotificationBell() {
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const panelId = useId()
  const unread = useUnread().data?.notifications ?? 0
  const close = useCallback(() => setOpen(false), [])
  useDismiss(root, open, close)

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        className="btn btn-ghost btn-circle relative"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <BellIcon className="size-6" />
        <UnreadBadge count={unread} label={`${unread} unread notifications`} className="absolute -top-0.5 -right-0.5" />
      </button>
      {open && <NotificationPanel id={panelId} onDone={close} />}
    </div>
  )
}

function NotificationPanel({ id, onDone }: { id: string; onDone: () => void }) {
  const query = useNotifications(true)
  const markRead = useMarkNotificationsRead()
  const navigate = useNavigate()
  const items = query.data?.pages.flatMap((p) => p.items) ?? []

  function openItem(n: AppNotification) {
    if (!n.read) markRead.mutate([n.id])
    onDone()
    if (n.link) navigate(n.link)
  }

  return (
    <div
      id={id}
      role="region"
      aria-label="Notifications"
      className="fixed inset-x-2 top-16 z-40 flex max-h-[70vh] flex-col rounded-box border border-base-300 bg-base-100 shadow-xl sm:absolute sm:inset-x-auto sm:top-12 sm:right-0 sm:w-96"
    >
      <div className="flex items-center justify-between gap-2 border-b border-base-300 px-4 py-3">
        <h2 className="font-semibold">Notifications</h2>
        <Button size="sm" variant="ghost" disabled={!items.some((n) => !n.read)} onClick={() => markRead.mutate(undefined)}>
          Mark all read
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {query.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner label="Loading notifications" />
          </div>
        ) : query.isError ? (
          <p role="alert" className="p-6 text-center text-sm text-error">
            Error loading notifications. Please try again.
          </p>
        ) : items.length === 0 ? (
          <p className="p-6 text-center text-sm text-base-content/75">You have no notifications yet.</p>
        ) : (
          <ul className="divide-y divide-base-300">
            {items.map((n) => (
              <li key={n.id}>
                <button type="button" className="flex w-full gap-3 px-4 py-3 text-left hover:bg-base-200" onClick={() => openItem(n)}>
                  <span className={`mt-1.5 size-2 shrink-0 rounded-full ${n.read ? 'bg-transparent' : 'bg-primary'}`} aria-hidden="true" />
                  <span className="min-w-0 flex-1">
                    <span className={`block text-sm ${n.read ? '' : 'font-semibold'}`}>
                      {n.title}
                      {!n.read && <span className="sr-only"> (unread)</span>}
                    </span>
                    {n.body && <span className="line-clamp-2 block text-sm text-base-content/75">{n.body}</span>}
                    <span className="block text-xs text-base-content/70">{relativeTime(n.createdAt)}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {query.hasNextPage && (
          <div className="flex justify-center p-2">
            <Button size="sm" variant="ghost" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              Load more
            </Button>
          </div>
        )}
      </div>
    </div>
  )
}
