import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { goHomeAfterSignIn } from './go-home'

function fakeBrowser(pathname: string) {
  const location = { pathname, assign: vi.fn(), reload: vi.fn() }
  return {
    location,
    setTimeout: (fn: () => void, ms: number) => window.setTimeout(fn, ms),
    clearTimeout: (id: number) => window.clearTimeout(id),
  }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('goHomeAfterSignIn', () => {
  it('navigates after 800 ms and does nothing more when the router moved', () => {
    const browser = fakeBrowser('/__/auth/handler')
    const navigate = vi.fn((to: string) => (browser.location.pathname = to))
    goHomeAfterSignIn(navigate, '/home', 800, browser)
    vi.advanceTimersByTime(799)
    expect(navigate).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(navigate).toHaveBeenCalledWith('/home')
    vi.advanceTimersByTime(300)
    expect(browser.location.assign).not.toHaveBeenCalled()
  })

  it('falls back to a full navigation when the router did not move within 300 ms', () => {
    const browser = fakeBrowser('/auth')
    const navigate = vi.fn()
    goHomeAfterSignIn(navigate, '/home', 800, browser)
    vi.advanceTimersByTime(800 + 299)
    expect(browser.location.assign).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(browser.location.assign).toHaveBeenCalledWith('/home')
  })

  it('reloads when already on /home', () => {
    const browser = fakeBrowser('/home')
    const navigate = vi.fn()
    goHomeAfterSignIn(navigate, '/home', 800, browser)
    vi.advanceTimersByTime(800)
    expect(browser.location.reload).toHaveBeenCalled()
    expect(navigate).not.toHaveBeenCalled()
  })

  it('can be cancelled', () => {
    const browser = fakeBrowser('/auth')
    const navigate = vi.fn()
    goHomeAfterSignIn(navigate, '/home', 800, browser)()
    vi.advanceTimersByTime(2000)
    expect(navigate).not.toHaveBeenCalled()
  })
})
