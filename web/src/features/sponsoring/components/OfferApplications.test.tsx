import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { json, mockFetch } from '@/test/fetch-mock'
import { listResponse, makeReviewItem } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { OfferApplications } from './OfferApplications'

const item = makeReviewItem

const card = (name: string) => screen.getByRole('article', { name: new RegExp(name) })

describe('OfferApplications', () => {
  it('stars at once, and puts the star back with a toast when the server refuses', async () => {
    const user = userEvent.setup()
    const answer = () => json({ status: 403, message: 'Only the poster of the sponsorship can shortlist applications.', data: {} }, 403)
    let release: () => void = () => {}
    mockFetch({
      'GET /api/sponsorships/o1/applications': () => listResponse([item('a1', 'Asha Rao')]),
      'POST /api/applications/a1/shortlist': () => new Promise<Response>((done) => (release = () => done(answer()))),
    })
    renderWithProviders(<OfferApplications offerId="o1" onCompare={() => {}} />)
    const star = await within(await screen.findByRole('article', { name: /Asha Rao/ })).findByRole('button', { name: 'Shortlist Asha Rao' })
    expect(star).toHaveAttribute('aria-pressed', 'false')
    await user.click(star)
    expect(star).toHaveAttribute('aria-pressed', 'true') // before the server answers
    act(() => release())
    expect(await screen.findByText('Could not change the shortlist')).toBeInTheDocument()
    expect(within(card('Asha Rao')).getByRole('button', { name: 'Shortlist Asha Rao' })).toHaveAttribute('aria-pressed', 'false')
  })

  it('compares 2 to 4 shortlisted applications only, in the order chosen', async () => {
    const user = userEvent.setup()
    mockFetch({
      'GET /api/sponsorships/o1/applications': () =>
        listResponse([item('a1', 'Asha Rao', { shortlisted: true }), item('a2', 'Ben Ito'), item('a3', 'Chen Li', { shortlisted: true })]),
    })
    const onCompare = vi.fn()
    renderWithProviders(<OfferApplications offerId="o1" onCompare={onCompare} />)
    await user.click(await screen.findByRole('checkbox', { name: 'Select Chen Li' }))
    const bar = screen.getByRole('region', { name: 'Selected applications' })
    expect(within(bar).getByRole('button', { name: 'Compare' })).toBeDisabled()
    await user.click(screen.getByRole('checkbox', { name: 'Select Ben Ito' }))
    expect(within(bar).getByRole('button', { name: 'Compare' })).toBeDisabled() // Ben is not shortlisted
    expect(within(bar).getByText('Select 2 to 4 shortlisted applications to compare them.')).toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: 'Select Ben Ito' }))
    await user.click(screen.getByRole('checkbox', { name: 'Select Asha Rao' }))
    await user.click(within(bar).getByRole('button', { name: 'Compare' }))
    expect(onCompare).toHaveBeenCalledWith(['a3', 'a1'])
  })
})
