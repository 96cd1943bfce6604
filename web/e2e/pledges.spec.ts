import { type Browser, type Locator, type Page } from '@playwright/test'
import { expect, test } from './test'
import { ADMIN, expectToast, postRequest, registerMember, signIn, uniqueName } from './helpers'

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext()
  return context.newPage()
}

/**
 * The share of a progress bar drawn in the theme's primary colour, read from its pixels (the middle
 * row of a screenshot of the bar): what a member sees filled, whatever the bar's value says.
 */
async function filledShare(bar: Locator): Promise<number> {
  const png = (await bar.screenshot({ animations: 'disabled' })).toString('base64')
  return bar.evaluate(async (node, data) => {
    const image = new Image()
    image.src = `data:image/png;base64,${data}`
    await image.decode()
    const canvas = document.createElement('canvas')
    canvas.width = image.width
    canvas.height = image.height
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!
    ctx.fillStyle = getComputedStyle(node).getPropertyValue('--color-primary')
    ctx.fillRect(0, 0, 1, 1)
    const primary = Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3))
    ctx.drawImage(image, 0, 0)
    const row = ctx.getImageData(0, Math.floor(image.height / 2), image.width, 1).data
    let filled = 0
    for (let x = 0; x < image.width; x++) {
      if (primary.every((v, i) => Math.abs(row[x * 4 + i] - v) < 24)) filled++
    }
    return filled / image.width
  }, png)
}

test('pledges: two sponsors back one request to 100%, one withdraws with a reason and it reopens', async ({ browser }) => {
  test.setTimeout(90_000)
  const title = uniqueName('Village library ')
  const poster = await newPage(browser)
  await signIn(poster, ADMIN.username, ADMIN.password)
  await postRequest(poster, title, { description: 'Shelves and books for the village library.', requestedAmount: 750 })
  // With sponsored listings shown: by default a sponsored request leaves the list.
  const url = `/home?tab=requests&show=all&q=${encodeURIComponent(title)}`

  // The first sponsor pledges part of it.
  const first = await newPage(browser)
  const firstMember = await registerMember(first, uniqueName('First Backer '))
  await first.goto(url)
  const firstCard = first.getByRole('article', { name: title })
  await expect(firstCard.getByRole('progressbar', { name: '$0 of $750 pledged' })).toBeVisible()
  // The bar is the theme's: empty while nothing is pledged (the browser's own bar read as a full grey one).
  expect(await filledShare(firstCard.getByRole('progressbar'))).toBe(0)
  await firstCard.getByRole('button', { name: 'Sponsor' }).click()
  const firstDialog = first.getByRole('dialog', { name: 'Sponsor This Project' })
  await expect(firstDialog.getByLabel('Amount to pledge (USD)')).toHaveValue('750')
  await firstDialog.getByLabel('Amount to pledge (USD)').fill('300')
  await firstDialog.getByRole('button', { name: 'Confirm' }).click()
  await expectToast(first, 'Pledge confirmed')
  await expect(firstCard.getByText('$300 of $750 pledged by 1 sponsor')).toBeVisible()
  await expect(firstCard.getByRole('button', { name: 'Pledged' })).toBeDisabled()
  // $300 of $750: two fifths of the bar in the primary colour (once its 0.3 s growth has ended)
  await expect.poll(async () => Math.round((await filledShare(firstCard.getByRole('progressbar'))) * 10) / 10).toBe(0.4)

  // The second sees what is still open and pledges it: the request is sponsored.
  const second = await newPage(browser)
  await registerMember(second, uniqueName('Second Backer '))
  await second.goto(url)
  const secondCard = second.getByRole('article', { name: title })
  await expect(secondCard.getByText('$300 of $750 pledged by 1 sponsor')).toBeVisible()
  await secondCard.getByRole('button', { name: 'Sponsor' }).click()
  const secondDialog = second.getByRole('dialog', { name: 'Sponsor This Project' })
  await expect(secondDialog).toContainText(`$300 of $750 is pledged to “${title}”; $450 is still open.`)
  await expect(secondDialog.getByLabel('Amount to pledge (USD)')).toHaveValue('450')
  await secondDialog.getByRole('button', { name: 'Confirm' }).click()
  await expectToast(second, 'Sponsorship confirmed')
  await expect(secondCard.getByRole('progressbar', { name: '$750 of $750 pledged by 2 sponsors' })).toBeVisible()
  await expect(secondCard.getByRole('button', { name: 'Sponsored' })).toBeDisabled()
  await expect(secondCard.locator('.badge', { hasText: 'Sponsored' })).toBeVisible()

  // The first withdraws from the detail dialog with a reason; the request reopens for what is open.
  await first.reload()
  await expect(firstCard.getByText('$750 of $750 pledged by 2 sponsors')).toBeVisible()
  await expect(firstCard.locator('.badge', { hasText: 'Sponsored' })).toBeVisible()
  await firstCard.getByRole('button', { name: 'View Details' }).click()
  const details = first.getByRole('dialog', { name: title })
  await expect(details.getByText('Your pledge: $300')).toBeVisible()
  await details.getByRole('button', { name: 'Withdraw pledge' }).click()
  const withdraw = first.getByRole('dialog', { name: 'Withdraw your pledge' })
  await withdraw.getByRole('button', { name: 'Withdraw pledge' }).click()
  await expect(withdraw.getByText('Tell the poster why you are withdrawing')).toBeVisible()
  await withdraw.getByLabel('Why are you withdrawing?').fill('Our shop had a bad month; sorry.')
  await withdraw.getByRole('button', { name: 'Withdraw pledge' }).click()
  await expectToast(first, 'Pledge withdrawn')
  await expect(details.getByText('$450 of $750 pledged by 1 sponsor')).toBeVisible()
  await expect(details.getByRole('button', { name: 'Sponsor This Project' })).toBeEnabled()
  await details.getByRole('button', { name: 'Close', exact: true }).click()
  await expect(firstCard.getByText('$450 of $750 pledged by 1 sponsor')).toBeVisible()
  await expect(firstCard.locator('.badge', { hasText: 'Open' })).toBeVisible()

  // The poster reads the reason in the conversation with the sponsor.
  await poster.goto('/messages')
  await poster.getByTestId('conversation-item').filter({ hasText: firstMember.displayName }).click()
  await expect(
    poster
      .getByTestId('system-message')
      .filter({ hasText: 'withdrew their pledge of $300' })
      .filter({ hasText: 'Our shop had a bad month; sorry.' }),
  ).toBeVisible()

  // The sponsor's profile keeps the withdrawn pledge with its reason.
  await first.goto('/profile')
  await expect(first.getByTestId('commitment').filter({ hasText: title }).getByTestId('withdrawn-pledge')).toContainText(
    'Our shop had a bad month; sorry.',
  )
})
