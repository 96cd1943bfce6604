import { paths } from '@/lib/paths'

/** Spec sections 4 and 9: about 800 ms after a Google sign-in, then a 300 ms check. */
const GOOGLE_REDIRECT_DELAY_MS = 800
const REDIRECT_FALLBACK_CHECK_MS = 300

interface Browser {
  location: Pick<Location, 'pathname' | 'assign' | 'reload'>
  setTimeout: (fn: () => void, ms: number) => number
  clearTimeout: (id: number) => void
}

/**
 * After a sign-in: navigate through the router after the delay; if the router has not moved
 * 300 ms later, navigate fully. Already on the target: reload. Returns a cancel function.
 */
export function goHomeAfterSignIn(
  navigate: (to: string) => void,
  target: string = paths.home,
  delayMs = GOOGLE_REDIRECT_DELAY_MS,
  browser: Browser = window,
): () => void {
  const targetPath = target.split('?')[0]
  let check: number | undefined
  const first = browser.setTimeout(() => {
    if (browser.location.pathname === targetPath) {
      browser.location.reload()
      return
    }
    navigate(target)
    check = browser.setTimeout(() => {
      if (browser.location.pathname !== targetPath) browser.location.assign(target)
    }, REDIRECT_FALLBACK_CHECK_MS)
  }, delayMs)
  return () => {
    browser.clearTimeout(first)
    if (check !== undefined) browser.clearTimeout(check)
  }
}
