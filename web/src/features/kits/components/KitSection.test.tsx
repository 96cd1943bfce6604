import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockFetch } from '@/test/fetch-mock'
import { renderWithProviders } from '@/test/render'
import { KitLink } from './KitSection'

describe("another member's profile", () => {
  it('links to their media kit once they published it (the profile says so), and shows nothing otherwise', () => {
    const { calls } = mockFetch({})
    const { unmount } = renderWithProviders(<KitLink username="asha" published />)
    expect(screen.getByRole('link', { name: 'Media kit' })).toHaveAttribute('href', '/kits/asha')
    unmount()
    renderWithProviders(<KitLink username="vikram" published={false} />)
    expect(screen.queryByRole('link', { name: 'Media kit' })).toBeNull()
    expect(calls).toHaveLength(0) // no kit asked for: no 404 in the console
  })
})
