import { useSyncExternalStore } from 'react'

/** One toast at a time: a new one replaces the current one. */
type ToastVariant = 'default' | 'success' | 'destructive'

interface ToastMessage {
  id: number
  title: string
  description?: string
  variant: ToastVariant
}

export const TOAST_DURATION_MS = 5000

type Listener = () => void

let current: ToastMessage | null = null
let nextId = 1
let timer: ReturnType<typeof setTimeout> | undefined
const listeners = new Set<Listener>()

function emit() {
  for (const listener of listeners) listener()
}

export function dismissToast(): void {
  if (timer) clearTimeout(timer)
  timer = undefined
  current = null
  emit()
}

export function toast(input: { title: string; description?: string; variant?: ToastVariant; duration?: number }): void {
  if (timer) clearTimeout(timer)
  current = { id: nextId++, title: input.title, description: input.description, variant: input.variant ?? 'default' }
  timer = setTimeout(dismissToast, input.duration ?? TOAST_DURATION_MS)
  emit()
}

function subscribe(listener: Listener) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useCurrentToast(): ToastMessage | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  )
}
