import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api'
import { json, mockFetch } from '@/test/fetch-mock'
import { appConfig, makeSponsorship } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { criteriaFieldErrors } from '../criteria'
import { EditListingDialog } from './EditListingDialog'

const patchOf = (calls: { init: RequestInit; body?: unknown }[]) => calls.find((c) => c.init.method === 'PATCH')?.body

const noRules = {
  criteria: { locations: [], categories: [], eventFrom: '', eventTo: '', minAudience: 0, verifiedOnly: false, reliableOnly: false },
  applicationCap: 0,
  applicationCount: 0,
  questions: [],
}

function renderEdit(item = makeSponsorship({ userId: 'me', ...noRules }), answer: () => Response = () => json(item)) {
  const { calls } = mockFetch({ 'GET /api/app-config': () => json(appConfig), 'PATCH /api/sponsorships/s1': answer })
  renderWithProviders(<EditListingDialog listing={{ kind: 'sponsorships', item }} onClose={() => {}} />)
  return calls
}

describe("an offer's rules and questions", () => {
  it('sets places (chips, Online), categories, dates, audience, members and a cap, checking them in the server words', async () => {
    const user = userEvent.setup()
    const calls = renderEdit()
    const editor = await screen.findByTestId('criteria-editor')
    expect(editor).not.toHaveAttribute('open')
    await user.click(within(editor).getByText('Who can apply'))
    expect(editor).toHaveAttribute('open')

    const place = within(editor).getByLabelText('Add a place')
    await user.type(place, 'Pune{Enter}')
    await user.type(place, 'Mumbai')
    await user.click(within(editor).getByRole('button', { name: 'Add place' }))
    await user.type(place, 'pune{Enter}')
    expect(within(editor).getByRole('alert')).toHaveTextContent('Each location may appear only once')
    expect(
      within(within(editor).getByRole('list', { name: 'Places' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Pune', 'Mumbai'])
    await user.clear(place)
    await user.type(place, 'Delhi{Enter}')
    await user.click(within(editor).getByRole('button', { name: 'Remove Delhi' }))
    await user.click(within(editor).getByRole('checkbox', { name: 'Online events' }))

    const categories = within(editor).getByRole('group', { name: "Applicants' event categories" })
    await user.click(within(categories).getByRole('checkbox', { name: 'Education' }))
    await user.type(within(editor).getByLabelText('Events from'), '2027-06-30')
    await user.type(within(editor).getByLabelText('Events until'), '2027-03-01')
    await user.type(within(editor).getByLabelText('Minimum audience'), '200')
    await user.type(within(editor).getByLabelText('Application cap'), '501')
    await user.click(within(editor).getByRole('checkbox', { name: 'Verified members only' }))
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await within(editor).findByText('The last event date must be on or after the first')).toBeInTheDocument()
    expect(within(editor).getByLabelText('Application cap')).toHaveAccessibleDescription('The application cap must be from 1 to 500')
    expect(patchOf(calls)).toBeUndefined()

    await user.clear(within(editor).getByLabelText('Events from'))
    await user.type(within(editor).getByLabelText('Events from'), '2027-03-01')
    await user.clear(within(editor).getByLabelText('Events until'))
    await user.type(within(editor).getByLabelText('Events until'), '2027-06-30')
    await user.clear(within(editor).getByLabelText('Application cap'))
    await user.type(within(editor).getByLabelText('Application cap'), '50')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await screen.findByText('Listing updated')
    expect(patchOf(calls)).toMatchObject({
      criteria: {
        locations: ['Pune', 'Mumbai', 'Online'],
        categories: ['Education'],
        eventFrom: '2027-03-01',
        eventTo: '2027-06-30',
        minAudience: 200,
        verifiedOnly: true,
        reliableOnly: false,
      },
      applicationCap: 50,
      questions: [],
    })
  }, 30_000)

  it('adds up to 5 questions with their kind and whether they are required, and keeps a stored question’s id', async () => {
    const user = userEvent.setup()
    const stored = { ...noRules, questions: [{ id: 'q1', label: 'How many students attend?', kind: 'number' as const, required: true }] }
    const calls = renderEdit(makeSponsorship({ userId: 'me', ...stored }))
    const editor = await screen.findByTestId('questions-editor')
    expect(editor).toHaveAttribute('open')
    const first = within(editor).getByRole('group', { name: 'Question 1' })
    expect(within(first).getByLabelText('Question text')).toHaveValue('How many students attend?')
    expect(within(first).getByLabelText('Answer type')).toHaveValue('number')
    expect(within(first).getByRole('checkbox', { name: 'Required' })).toBeChecked()

    const add = within(editor).getByRole('button', { name: 'Add a question' })
    await user.click(add)
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    const second = within(editor).getByRole('group', { name: 'Question 2' })
    expect(await within(second).findByText('Write the question')).toBeInTheDocument()
    await user.type(within(second).getByLabelText('Question text'), "Link to last year's event")
    await user.selectOptions(within(second).getByLabelText('Answer type'), 'Link')
    for (let i = 0; i < 3; i++) await user.click(add)
    expect(add).toBeDisabled()
    expect(within(editor).getByText('An offer has at most 5 questions.')).toBeInTheDocument()
    for (const n of [5, 4, 3]) await user.click(within(editor).getByRole('button', { name: `Remove question ${n}` }))
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await screen.findByText('Listing updated')
    expect(patchOf(calls)).toMatchObject({
      questions: [
        { id: 'q1', label: 'How many students attend?', kind: 'number', required: true },
        { label: "Link to last year's event", kind: 'link', required: false },
      ],
    })
    expect((patchOf(calls) as { questions: object[] }).questions[1]).not.toHaveProperty('id')
  }, 30_000)

  it("opens the section and shows the server's field errors under their fields", async () => {
    const user = userEvent.setup()
    renderEdit(undefined, () =>
      json(
        {
          status: 400,
          message: 'Please check the highlighted fields.',
          data: {
            'criteria.locations': { code: 'x', message: 'At most 10 locations' },
            'criteria.minAudience': { code: 'x', message: 'Minimum audience must be a whole number from 0 to 1,000,000,000' },
          },
        },
        400,
      ),
    )
    const editor = await screen.findByTestId('criteria-editor')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await within(editor).findByText('At most 10 locations')).toBeInTheDocument()
    expect(editor).toHaveAttribute('open')
    expect(within(editor).getByLabelText('Minimum audience')).toHaveAttribute('aria-invalid', 'true')
  })

  it('maps every server key to its field', () => {
    const error = new ApiError(400, 'x', {
      'criteria.locations': 'Each location may appear only once',
      'criteria.eventTo': 'The last event date must be on or after the first',
      applicationCap: 'The application cap must be from 1 to 500',
      questions: 'At most 5 questions',
      'questions.1.kind': 'Choose short text, long text, number, yes/no or a link',
      'questions.2.id': 'Each question needs its own id',
      title: 'Title is required',
    })
    expect(criteriaFieldErrors(error)).toEqual([
      ['criteria.places', 'Each location may appear only once'],
      ['criteria.eventTo', 'The last event date must be on or after the first'],
      ['applicationCap', 'The application cap must be from 1 to 500'],
      ['questions.root', 'At most 5 questions'],
      ['questions.1.kind', 'Choose short text, long text, number, yes/no or a link'],
      ['questions.2.label', 'Each question needs its own id'],
    ])
  })
})
