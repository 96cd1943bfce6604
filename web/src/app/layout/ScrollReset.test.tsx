import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router'
import { ScrollReset } from './ScrollReset'

function List() {
  const navigate = useNavigate()
  return (
    <>
      <Link to="/profile?userId=u2">Arun Mehta</Link>
      <Link to="/home?tab=requests">Sponsors Required</Link>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
    </>
  )
}

describe('ScrollReset', () => {
  it('opens another page at its top; a change of the query alone or Back keeps the place', async () => {
    const user = userEvent.setup()
    const scrollTo = vi.fn()
    vi.stubGlobal('scrollTo', scrollTo)
    render(
      <MemoryRouter initialEntries={['/home']}>
        <ScrollReset />
        <Routes>
          <Route path="/home" element={<List />} />
          <Route path="/profile" element={<List />} />
        </Routes>
      </MemoryRouter>,
    )
    expect(scrollTo).not.toHaveBeenCalled()
    await user.click(screen.getByRole('link', { name: 'Sponsors Required' }))
    expect(scrollTo).not.toHaveBeenCalled()
    await user.click(screen.getByRole('link', { name: 'Arun Mehta' }))
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith(0, 0)
    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(scrollTo).toHaveBeenCalledTimes(1)
  })
})
