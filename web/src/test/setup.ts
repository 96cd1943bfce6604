import '@testing-library/jest-dom/vitest'
import { afterEach, vi } from 'vitest'
import { cleanup, configure } from '@testing-library/react'
import { dismissToast } from '@/lib/toast'

// findBy*/waitFor wait up to 5 s (the default is 1 s): on a loaded 2-core machine a screen that
// renders correctly could take longer than 1 s, and the test failed without a defect.
configure({ asyncUtilTimeout: 5000 })

// A worker runs file after file in one jsdom (vite.config.ts, `isolate: false`): what a test changes
// is undone here, so no test sees another's DOM, storage, stubbed fetch, clock, toast or address.
afterEach(() => {
  cleanup()
  sessionStorage.clear()
  localStorage.clear()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  dismissToast()
  window.history.replaceState(null, '', '/')
})

// jsdom lacks the <dialog> methods; give them the minimal behaviour the UI relies on.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open')
    this.dispatchEvent(new Event('close'))
  }
}
