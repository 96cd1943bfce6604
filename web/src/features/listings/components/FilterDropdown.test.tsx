import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { listingFilterFields } from '@/lib/api-types.gen'
import { FilterDropdown } from './FilterDropdown'

const categories = ['Education', 'Arts']
/** The requests tab of a member who stated an industry: every switch is offered. */
const shared = { categories, kind: 'requests', hasIndustry: true } as const
const none = { categories: [], location: '', minAmount: undefined, maxAmount: undefined }

describe('FilterDropdown', () => {
  it('applies amount range, location and categories', async () => {
    const user = userEvent.setup()
    const onApply = vi.fn()
    render(<FilterDropdown value={none} {...shared} onApply={onApply} />)
    await user.click(screen.getByRole('button', { name: /Filter/ }))
    await user.type(screen.getByLabelText('Min'), '100')
    await user.type(screen.getByLabelText('Max'), '900')
    await user.type(screen.getByLabelText('Location'), ' Pune ')
    await user.click(screen.getByLabelText('Arts'))
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }))
    expect(onApply).toHaveBeenCalledWith({ minAmount: 100, maxAmount: 900, location: 'Pune', categories: ['Arts'] })
    expect(screen.queryByRole('form', { name: 'Filter listings' })).toBeNull()
  })

  it('refuses a minimum above the maximum', async () => {
    const user = userEvent.setup()
    const onApply = vi.fn()
    render(<FilterDropdown value={none} {...shared} onApply={onApply} />)
    await user.click(screen.getByRole('button', { name: /Filter/ }))
    await user.type(screen.getByLabelText('Min'), '50')
    await user.type(screen.getByLabelText('Max'), '10')
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Min must not be greater than Max')
    expect(onApply).not.toHaveBeenCalled()
  })

  it('shows the dot only when a filter is set', () => {
    const { rerender } = render(<FilterDropdown value={none} {...shared} onApply={() => {}} />)
    expect(screen.queryByTestId('filter-dot')).toBeNull()
    rerender(<FilterDropdown value={{ ...none, categories: ['Arts'] }} {...shared} onApply={() => {}} />)
    expect(screen.getByTestId('filter-dot')).toBeInTheDocument()
  })

  it('"Show closed and sponsored" is applied and counts in the dot', async () => {
    const user = userEvent.setup()
    const onApply = vi.fn()
    const { rerender } = render(<FilterDropdown value={none} {...shared} onApply={onApply} />)
    await user.click(screen.getByRole('button', { name: /Filter/ }))
    await user.click(screen.getByRole('checkbox', { name: /Show closed and sponsored/ }))
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }))
    expect(onApply).toHaveBeenCalledWith(expect.objectContaining({ showClosed: true }))
    rerender(<FilterDropdown value={{ ...none, showClosed: true }} {...shared} onApply={onApply} />)
    expect(screen.getByTestId('filter-dot')).toBeInTheDocument()
  })

  it('offers "Has packages" on the requests tab, and "Open to my industry" to a member with an industry', async () => {
    const user = userEvent.setup()
    const onApply = vi.fn()
    const { rerender } = render(<FilterDropdown value={none} {...shared} onApply={onApply} />)
    await user.click(screen.getByRole('button', { name: 'Filter' }))
    await user.click(screen.getByRole('checkbox', { name: /Has packages/ }))
    await user.click(screen.getByRole('checkbox', { name: /Open to my industry/ }))
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }))
    expect(onApply).toHaveBeenCalledWith(expect.objectContaining({ hasPackages: true, openToMe: true }))
    rerender(<FilterDropdown value={none} {...shared} hasIndustry={false} onApply={onApply} />)
    await user.click(screen.getByRole('button', { name: 'Filter' }))
    expect(screen.getByRole('checkbox', { name: /Has packages/ })).toBeInTheDocument()
    expect(screen.queryByRole('checkbox', { name: /Open to my industry/ })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Filter' }))
    rerender(<FilterDropdown value={none} {...shared} kind="sponsorships" onApply={onApply} />)
    await user.click(screen.getByRole('button', { name: 'Filter' }))
    expect(screen.queryByRole('checkbox', { name: /Has packages/ })).toBeNull()
    expect(screen.queryByRole('checkbox', { name: /Open to my industry/ })).toBeNull()
  })

  it('offers "Only offers I can apply to" on the offers tab only, and applies it', async () => {
    const user = userEvent.setup()
    const onApply = vi.fn()
    const { rerender } = render(<FilterDropdown value={none} {...shared} kind="sponsorships" onApply={onApply} />)
    await user.click(screen.getByRole('button', { name: 'Filter' }))
    await user.click(screen.getByRole('checkbox', { name: /Only offers I can apply to/ }))
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }))
    expect(onApply).toHaveBeenCalledWith(expect.objectContaining({ eligibleOnly: true }))
    rerender(<FilterDropdown value={{ ...none, eligibleOnly: true }} {...shared} kind="sponsorships" onApply={onApply} />)
    expect(screen.getByTestId('filter-dot')).toBeInTheDocument()
    rerender(<FilterDropdown value={none} {...shared} onApply={onApply} />)
    await user.click(screen.getByRole('button', { name: 'Filter' }))
    expect(screen.queryByRole('checkbox', { name: /Only offers I can apply to/ })).toBeNull()
  })

  it('offers "Audience at least" and "Measured figures only" on the requests tab, and applies them', async () => {
    const user = userEvent.setup()
    const onApply = vi.fn()
    const { rerender } = render(<FilterDropdown value={none} {...shared} onApply={onApply} />)
    await user.click(screen.getByRole('button', { name: 'Filter' }))
    await user.type(screen.getByLabelText('Audience at least'), '500')
    await user.click(screen.getByRole('checkbox', { name: /Measured figures only/ }))
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }))
    expect(onApply).toHaveBeenCalledWith(expect.objectContaining({ minAudience: 500, measuredOnly: true }))
    rerender(<FilterDropdown value={{ ...none, minAudience: 500 }} {...shared} onApply={onApply} />)
    expect(screen.getByTestId('filter-dot')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: /^Filter/ }))
    expect(screen.getByLabelText('Audience at least')).toHaveValue(500)
    await user.click(screen.getByRole('button', { name: /^Filter/ }))
    rerender(<FilterDropdown value={none} {...shared} kind="sponsorships" onApply={onApply} />)
    await user.click(screen.getByRole('button', { name: 'Filter' }))
    expect(screen.queryByLabelText('Audience at least')).toBeNull()
    expect(screen.queryByRole('checkbox', { name: /Measured figures only/ })).toBeNull()
  }, 30_000)

  it('closes on Escape and on an outside click', async () => {
    const user = userEvent.setup()
    render(
      <div>
        <p>outside</p>
        <FilterDropdown value={none} {...shared} onApply={() => {}} />
      </div>,
    )
    const trigger = screen.getByRole('button', { name: /Filter/ })
    await user.click(trigger)
    expect(trigger).toHaveAttribute('aria-expanded', 'true')
    await user.keyboard('{Escape}')
    expect(trigger).toHaveAttribute('aria-expanded', 'false')
    await user.click(trigger)
    await user.click(screen.getByText('outside'))
    expect(trigger).toHaveAttribute('aria-expanded', 'false')
  })
})

describe('FilterDropdown and the declared filter fields (listingFilterFields)', () => {
  const sample = { text: 'Pune', categories: ['Arts'], amount: 100, flag: true } as const
  for (const field of listingFilterFields.filter((f) => f.param !== 'q')) {
    it(`${field.param}: is shown and applied again as it was`, async () => {
      const user = userEvent.setup()
      const onApply = vi.fn()
      render(<FilterDropdown value={{ ...none, [field.param]: sample[field.value] }} {...shared} onApply={onApply} />)
      await user.click(screen.getByRole('button', { name: /Filter/ }))
      await user.click(screen.getByRole('button', { name: 'Apply Filters' }))
      expect(onApply).toHaveBeenCalledWith(expect.objectContaining({ [field.param]: sample[field.value] }))
    })
  }
})
