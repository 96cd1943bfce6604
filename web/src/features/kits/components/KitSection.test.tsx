import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, mockFetch } from '@/test/fetch-mock'
import { renderWithProviders } from '@/test/render'
import { KitLink } from './KitSection'

describe("another member's profile", () => {
  it('links to their media kit once they published it, and shows nothing otherwise', async () => {
    mockFetch({ 'GET /api/kits/asha': () => json({ owner: { username: 'asha' }, published: true }) })
    const { unmount } = renderWithProviders(<KitLink username="asha" />)
    expect(await screen.findByRole('link', { name: 'Media kit' })).toHaveAttribute('href', '/kits/asha')
    unmount()
    const { calls } = mockFetch({ 'GET /api/kits/vikram': () => json({ status: 404, message: 'Media kit not found.', data: {} }, 404) })
    renderWithProviders(<KitLink username="vikram" />)
    await expect.poll(() => calls.length).toBe(1)
    await new Promise((resolve) => setTimeout(resolve, 50)) // the 404 answered and read
    expect(screen.queryByRole('link', { name: 'Media kit' })).toBeNull()
  }, 30_000)
})
