import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TOAST_DURATION_MS, dismissToast, toast, useCurrentToast } from './toast'

afterEach(() => {
  vi.useRealTimers()
  act(() => dismissToast())
})

describe('toast', () => {
  it('shows one toast at a time, the newest', () => {
    const { result } = renderHook(() => useCurrentToast())
    act(() => toast({ title: 'First' }))
    act(() => toast({ title: 'Second', variant: 'destructive' }))
    expect(result.current).toMatchObject({ title: 'Second', variant: 'destructive' })
  })

  it('disappears after 5000 ms', () => {
    vi.useFakeTimers()
    const { result } = renderHook(() => useCurrentToast())
    act(() => toast({ title: 'Hello' }))
    expect(TOAST_DURATION_MS).toBe(5000)
    act(() => vi.advanceTimersByTime(4999))
    expect(result.current?.title).toBe('Hello')
    act(() => vi.advanceTimersByTime(1))
    expect(result.current).toBeNull()
  })
})
