import { useLayoutEffect, useRef } from 'react'
import { useLocation, useNavigationType } from 'react-router'

/**
 * A new page starts at its top: a link or a redirect to another path scrolls the window up (opening a
 * profile from far down a list used to keep the list's scroll position). The browser's Back and
 * Forward (POP) keep what it restores, and a change of the query alone (filters, tabs, paging) keeps
 * the place on the page.
 */
export function ScrollReset() {
  const { pathname } = useLocation()
  const navigation = useNavigationType()
  const previous = useRef(pathname)
  useLayoutEffect(() => {
    if (previous.current === pathname) return
    previous.current = pathname
    if (navigation !== 'POP') window.scrollTo(0, 0)
  }, [pathname, navigation])
  return null
}
