import { type Browser, type Locator, type Page } from '@playwright/test'
import { expect, origin, test } from './test'
import { ADMIN, expectToast, registerMember, signIn, uniqueName } from './helpers'
import { superuserToken } from './superuser'

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage()
}

/** A member who states their industry (PATCH /api/user, as the settings form sends it). */
async function memberIn(browser: Browser, name: string, industry: string): Promise<Page> {
  const page = await newPage(browser)
  await registerMember(page, uniqueName(name))
  if (industry) {
    const response = await page.request.patch('/api/user', { data: { industry }, headers: { Origin: origin() } })
    expect(response.status(), await response.text()).toBe(200)
  }
  return page
}

/** Fills the i-th package of the request form's tier editor. */
async function fillTier(
  form: Locator,
  i: number,
  t: { name: string; price: string; quantity?: string; benefit: string; exclusive?: boolean },
) {
  await form.getByRole('button', { name: 'Add a package' }).click()
  const tier = form.getByTestId('tier-fields').nth(i)
  await tier.getByLabel('Package name').fill(t.name)
  await tier.getByLabel('Price (USD)').fill(t.price)
  if (t.quantity) await tier.getByLabel('Quantity').fill(t.quantity)
  else await tier.getByLabel('Unlimited').check()
  await tier.getByLabel('Benefit 1', { exact: true }).fill(t.benefit)
  if (t.exclusive) await tier.getByLabel('Exclusive in its industry').check()
}

/** Opens the request's detail dialog from its card and picks a package; answers the deal page's id. */
async function pick(page: Page, url: string, title: string, label: string): Promise<string> {
  await page.goto(url)
  await page.getByRole('article', { name: title }).getByRole('button', { name: 'View Details' }).click()
  await page.getByRole('dialog', { name: title }).getByRole('button', { name: label }).click()
  const confirm = page.getByRole('dialog', { name: label })
  await confirm.getByLabel('Message to the poster (optional)').fill('Count us in.')
  await confirm.getByRole('button', { name: 'Confirm' }).click()
  await expectToast(page, 'Package picked')
  await expect(page).toHaveURL(/\/deals\/\w+$/)
  return new URL(page.url()).pathname.split('/').pop()!
}

test('packages: three tiers, two sponsors hold slots, a third of the same industry is refused before pledging, a hold ends and its slot returns', async ({
  browser,
  page,
}) => {
  test.setTimeout(60_000)
  const title = uniqueName('Harbour festival ')
  const url = `/home?tab=requests&q=${encodeURIComponent(title)}`

  // The poster defines three packages: an exclusive Gold of one slot, three Silver, unlimited Bronze.
  await signIn(page, ADMIN.username, ADMIN.password)
  await page.goto('/home?tab=requests')
  await page.getByRole('button', { name: 'Create New' }).click()
  await page.getByRole('button', { name: 'Continue to Post Form' }).click()
  const form = page.getByRole('dialog', { name: 'Create New Listing' })
  await form.getByLabel('Title').fill(title)
  await form.getByLabel('Description').fill('Stages, lights and a food court for the harbour festival.')
  await form.getByLabel('Requested Amount (USD)').fill('1000')
  await form.getByLabel('Community').check()
  await fillTier(form, 0, { name: 'Gold', price: '500', quantity: '1', benefit: 'Logo on the stage banner', exclusive: true })
  await fillTier(form, 1, { name: 'Silver', price: '200', quantity: '3', benefit: 'Logo on the website' })
  await fillTier(form, 2, { name: 'Bronze', price: '50', benefit: 'Thanks on the programme' })
  await form.getByLabel('Hold a picked slot for (days)').fill('3')
  await form.getByRole('button', { name: 'Post Sponsors Required' }).click()
  await expectToast(page, 'Sponsors Required listing created')
  const packages = page.getByRole('article', { name: title }).getByRole('list', { name: 'Packages' })
  await expect(packages.getByRole('listitem')).toHaveText(['GoldExclusive$5001 of 1 left', 'Silver$2003 of 3 left', 'Bronze$50Unlimited'])

  // Two sponsors in two browsers take slots: a beverages company the exclusive Gold, another Silver.
  const [drinks, bank] = await Promise.all([memberIn(browser, 'Fizz Co ', 'beverages'), memberIn(browser, 'Harbour Bank ', '')])
  const goldDeal = await pick(drinks, url, title, 'Pick Gold — $500')
  const held = drinks.getByTestId('deal-package')
  await expect(held).toContainText('Package: Gold')
  await expect(held).toContainText('Slot held until')
  await pick(bank, url, title, 'Pick Silver — $200')

  // A third member in beverages sees the conflict before pledging and cannot pledge.
  const rival = await memberIn(browser, 'Cola Rival ', 'beverages')
  await rival.goto(url)
  const card = rival.getByRole('article', { name: title })
  await expect(card.getByRole('note')).toHaveText('A sponsor in beverages holds exclusivity here.')
  await expect(card.getByRole('button', { name: 'Sponsor' })).toBeDisabled()
  await expect(card.getByRole('list', { name: 'Packages' }).getByRole('listitem').first()).toContainText('Sold out')
  await card.getByRole('button', { name: 'View Details' }).click()
  const details = rival.getByRole('dialog', { name: title })
  await expect(details.getByRole('button', { name: 'Pick Bronze — $50' })).toBeDisabled()
  await expect(details.getByRole('button', { name: 'Sponsor This Project' })).toBeDisabled()

  // An operator moves the Gold hold into the past and runs the hold job: the slot returns.
  const headers = { Authorization: await superuserToken(page.request), Origin: origin() }
  const moved = await page.request.patch(`/api/collections/deals/records/${goldDeal}`, {
    data: { holdUntil: '2020-01-01 00:00:00.000Z' },
    headers,
  })
  expect(moved.status(), await moved.text()).toBe(200)
  const ran = await page.request.post('/api/crons/holds', { headers })
  expect(ran.status(), await ran.text()).toBe(204)

  await rival.reload()
  await expect(
    rival.getByRole('article', { name: title }).getByRole('list', { name: 'Packages' }).getByRole('listitem').first(),
  ).toHaveText('GoldExclusive$5001 of 1 left')
  await expect(rival.getByRole('article', { name: title }).getByRole('note')).toHaveCount(0)
  await drinks.reload()
  await expect(drinks.getByRole('status').filter({ hasText: 'Cancelled on' })).toContainText(
    'Reason: The hold on the “Gold” package ended before the deal was funded, so the slot is free again.',
  )
  await expect(drinks.getByTestId('deal-package')).not.toContainText('Slot held')
})
