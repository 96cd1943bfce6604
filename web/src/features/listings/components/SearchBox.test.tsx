import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SearchBox } from './SearchBox'

afterEach(() => vi.useRealTimers())

describe('SearchBox', () => {
  it('reports the keyword once typing pauses', () => {
    vi.useFakeTimers()
    const onChange = vi.fn()
    render(<SearchBox value="" onChange={onChange} delay={300} />)
    const input = screen.getByPlaceholderText('Search by keyword...')
    fireEvent.change(input, { target: { value: 'rob' } })
    act(() => vi.advanceTimersByTime(200))
    fireEvent.change(input, { target: { value: 'robot' } })
    act(() => vi.advanceTimersByTime(299))
    expect(onChange).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(1))
    expect(onChange).toHaveBeenCalledTimes(1)
    expect(onChange).toHaveBeenCalledWith('robot')
  })

  it('follows the value when it changes from outside', () => {
    const { rerender } = render(<SearchBox value="one" onChange={() => {}} />)
    expect(screen.getByRole('searchbox', { name: 'Search listings' })).toHaveValue('one')
    rerender(<SearchBox value="two" onChange={() => {}} />)
    expect(screen.getByRole('searchbox')).toHaveValue('two')
  })
})
