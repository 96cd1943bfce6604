import { useCallback, useId, useRef, useState, type KeyboardEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { Avatar } from '@/components/ui/Avatar'
import { MemberName } from '@/components/ui/MemberName'
import { BarChartIcon, LogOutIcon, SettingsIcon, UserIcon } from '@/components/ui/icons'
import { useLogout } from '@/features/auth/api/logout'
import { avatarUrl } from '@/lib/member'
import type { CurrentUser } from '@/lib/api-types.gen'
import { paths } from '@/lib/paths'
import { toast } from '@/lib/toast'
import { useDismiss } from '@/lib/use-dismiss'

const itemClass =
  'flex w-full items-center gap-3 rounded-field px-3 py-2 text-left text-sm hover:bg-base-200 focus-visible:bg-base-200 focus-visible:outline-none'

/** The avatar button and its menu; closes on an outside click or touch, Escape, or a choice. */
export function AvatarMenu({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const menuId = useId()
  const navigate = useNavigate()
  const logout = useLogout()

  const close = useCallback(() => setOpen(false), [])
  useDismiss(root, open, close)

  const items = () => Array.from(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])

  function openMenu() {
    setOpen(true)
    requestAnimationFrame(() => items()[0]?.focus())
  }

  function onMenuKeyDown(event: KeyboardEvent) {
    const list = items()
    const index = list.indexOf(document.activeElement as HTMLElement)
    if (event.key === 'ArrowDown') list[(index + 1) % list.length]?.focus()
    else if (event.key === 'ArrowUp') list[(index - 1 + list.length) % list.length]?.focus()
    else if (event.key === 'Home') list[0]?.focus()
    else if (event.key === 'End') list[list.length - 1]?.focus()
    else if (event.key === 'Escape') button.current?.focus()
    else if (event.key === 'Tab') setOpen(false)
    else return
    if (event.key !== 'Tab') event.preventDefault()
  }

  function signOut() {
    setOpen(false)
    logout.mutate(undefined, {
      onSuccess: () => {
        toast({ title: 'Logged out successfully', variant: 'success' })
        navigate(paths.auth, { replace: true })
      },
      onError: () => toast({ title: 'Logout failed', variant: 'destructive' }),
    })
  }

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        className="btn btn-ghost btn-circle"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Account menu for ${user.displayName || user.username}`}
        onClick={() => (open ? setOpen(false) : openMenu())}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault()
            openMenu()
          }
        }}
      >
        <Avatar src={avatarUrl(user)} name={user.displayName} size="sm" />
      </button>
      {open && (
        // A menu with roving focus: its items take focus (the arrow keys move it), not the menu itself.
        // eslint-disable-next-line jsx-a11y/interactive-supports-focus
        <div
          id={menuId}
          role="menu"
          aria-label="Account"
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-40 mt-2 w-60 rounded-box border border-base-300 bg-base-100 p-2 shadow-xl"
        >
          <div className="border-b border-base-300 px-3 pt-1 pb-2" role="none">
            <p className="font-semibold">
              <MemberName name={user.displayName || user.username} verified={user.isVerified} textLabel />
            </p>
            <p className="truncate text-xs text-base-content/75">@{user.username}</p>
          </div>
          <Link role="menuitem" tabIndex={-1} to={paths.profile} className={`${itemClass} mt-1`} onClick={close}>
            <UserIcon className="size-4" /> Your Profile
          </Link>
          <Link role="menuitem" tabIndex={-1} to={paths.sponsorships} className={itemClass} onClick={close}>
            <BarChartIcon className="size-4" /> Sponsorships
          </Link>
          <Link role="menuitem" tabIndex={-1} to={paths.settings} className={itemClass} onClick={close}>
            <SettingsIcon className="size-4" /> Settings
          </Link>
          <button role="menuitem" tabIndex={-1} type="button" className={itemClass} onClick={signOut}>
            <LogOutIcon className="size-4" /> Sign out
          </button>
        </div>
      )}
    </div>
  )
}
