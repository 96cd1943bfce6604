import { apiMember, applyWithAnswers, setEvents } from './eligibility-setup'
import { ADMIN, expectToast, registerMember, signIn, uniqueName } from './helpers'
import { expect, origin, test } from './test'

test('an offer that chooses: a place and two questions; a member told why before writing; three applications; two shortlisted, compared, one accepted (a deal opens) and one declined with a reason the applicant reads', async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000)
  const title = uniqueName('Science fair kits ')

  // The sponsor (the administrator: no plan needed) posts an offer for Pune with two questions, in the form.
  await signIn(page, ADMIN.username, ADMIN.password)
  await page.goto('/home?create=1')
  await page.getByRole('button', { name: 'Continue to Post Form' }).click()
  const form = page.getByRole('dialog', { name: 'Create New Listing' })
  await form.getByLabel('Title').fill(title)
  await form.getByLabel('Description').fill('Kits for school science fairs.')
  await form.getByLabel('Amount (USD)').fill('900')
  await form.getByLabel('Education').check()
  await form.getByText('Who can apply').click()
  await form.getByLabel('Add a place').fill('Pune')
  await form.getByLabel('Add a place').press('Enter')
  await expect(form.getByRole('list', { name: 'Places' })).toHaveText('Pune')
  await form.getByText('Up to 5 questions applicants answer.').click()
  for (const [i, label, kind, required] of [
    [0, 'How many students take part?', 'number', true],
    [1, "Link to last year's fair", 'link', false],
  ] as const) {
    await form.getByRole('button', { name: 'Add a question' }).click()
    const question = form.getByRole('group', { name: `Question ${i + 1}` })
    await question.getByLabel('Question text').fill(label)
    await question.getByLabel('Answer type').selectOption(kind)
    await question.getByLabel('Required').setChecked(required)
  }
  await form.getByRole('button', { name: 'Post Open Sponsorship' }).click()
  await expectToast(page, 'Open Sponsorship created')
  const found = await page.request.get(`/api/sponsorships?q=${encodeURIComponent(title)}`)
  const [offer] = (await found.json()) as { id: string; questions: { id: string; label: string }[] }[]
  const [students, link] = offer.questions.map((q) => q.id)
  const offerPath = `/listings/sponsorships/${offer.id}`

  // A member whose events are in Delhi reads why on the offer's page, and cannot apply.
  const applicant = await (await browser.newContext()).newPage()
  const bina = await registerMember(applicant, uniqueName('Bina '))
  await setEvents(applicant.request, origin(), { eventLocation: 'Delhi', eventCategories: ['Education'] })
  await applicant.goto(offerPath)
  await expect(applicant.getByText('This sponsor supports events in Pune only.')).toBeVisible()
  await expect(applicant.getByRole('button', { name: 'Apply for Sponsorship' })).toBeDisabled()

  // Her next fair is in Pune: she says so and applies, answering the questions.
  await setEvents(applicant.request, origin(), { eventLocation: 'Pune' })
  await applicant.reload()
  await applicant.getByRole('button', { name: 'Apply for Sponsorship' }).click()
  const apply = applicant.getByRole('dialog', { name: 'Apply for Sponsorship' })
  await apply.getByLabel('How many students take part?').fill('240')
  await apply.getByLabel("Link to last year's fair").fill('https://example.org/bina-fair')
  await apply.getByRole('button', { name: 'Submit' }).click()
  await expectToast(applicant, 'Application submitted')

  // Two more members in Pune apply (through the API: their pages are not the journey's subject).
  const others = []
  for (const [name, count] of [
    ['Chetan ', 120],
    ['Devika ', 480],
  ] as const) {
    const member = await apiMember(origin(), uniqueName(name), {
      eventLocation: 'Pune, India',
      eventCategories: ['Education'],
      audience: count,
    })
    await applyWithAnswers(member.api, offer.id, 'Our fair would love the kits.', { [students]: count, [link]: '' })
    others.push(member)
  }
  const [chetan, devika] = others

  // The sponsor opens the offer's applications from its page: three, each with its answers.
  await page.goto(offerPath)
  await page.getByRole('link', { name: 'Review applications' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible()
  const card = (name: string) => page.getByTestId('offer-application').filter({ hasText: name })
  await expect(page.getByTestId('offer-application')).toHaveCount(3)
  await expect(card(bina.displayName)).toContainText('240')

  // Shortlists two, selects them and compares them side by side.
  for (const name of [bina.displayName, devika.displayName]) {
    const star = card(name).getByRole('button', { name: `Shortlist ${name}` })
    await star.click()
    await expect(star).toHaveAttribute('aria-pressed', 'true')
    await card(name)
      .getByRole('checkbox', { name: `Select ${name}` })
      .check()
  }
  await page.getByRole('region', { name: 'Selected applications' }).getByRole('button', { name: 'Compare' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Compare applications' })).toBeVisible()
  const table = page.getByRole('table')
  await expect(table.getByRole('columnheader')).toHaveCount(2)
  await expect(table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'How many students take part?' }) })).toContainText(
    /240.*480/,
  )

  // Accepts Devika: a deal opens.
  await table.getByRole('button', { name: `Accept ${devika.displayName}` }).click()
  await expectToast(page, 'Application accepted')
  // Declines Bina with a reason and a note.
  await table.getByRole('button', { name: `Decline ${bina.displayName}` }).click()
  const decline = page.getByRole('dialog', { name: `Decline ${bina.displayName}'s application` })
  await decline.getByRole('radio', { name: 'The budget is already committed' }).check()
  await decline.getByLabel('Note to the applicant (optional)').fill('We funded our 2027 fairs already.')
  await decline.getByRole('button', { name: 'Decline' }).click()
  await expectToast(page, 'Application declined')
  await table.getByRole('link', { name: 'Open the deal' }).click()
  await expect(page).toHaveURL(/\/deals\//)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()

  // Bina reads why on her own page.
  await applicant.goto('/profile')
  const sent = applicant.getByTestId('sent-application').filter({ hasText: title })
  await expect(sent).toContainText('Declined')
  await expect(sent.getByTestId('decline-reason')).toHaveText(/The budget is already committed.*We funded our 2027 fairs already\./)

  await Promise.all([chetan.api.dispose(), devika.api.dispose()])
})
