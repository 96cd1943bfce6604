import { useSyncExternalStore } from 'react'

/**
 * Open modal dialogs, innermost last. A modal <dialog> sits in the browser's top layer and makes
 * the rest of the page inert, so the toaster renders inside the innermost one while any is open.
 */
let stack: HTMLDialogElement[] = []
const listeners = new Set<() => void>()

function emit() {
  for (const l of listeners) l()
}

export function pushDialog(el: HTMLDialogElement) {
  stack = [...stack.filter((d) => d !== el), el]
  emit()
}

export function removeDialog(el: HTMLDialogElement) {
  if (!stack.includes(el)) return
  stack = stack.filter((d) => d !== el)
  emit()
}

export function useTopDialog(): HTMLDialogElement | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => stack[stack.length - 1] ?? null,
    () => null,
  )
}
