import { type Browser, type Page } from '@playwright/test'
import { seriousAxeFindingsBothThemes } from './axe'
import { ADMIN, expectToast, signIn, uniqueName } from './helpers'
import { gradientPng } from './pictures'
import { completedDeal } from './report-setup'
import { shoot } from './shots'
import { expect, origin, test } from './test'

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage()
}

test('proof of value: a completed deal’s report filled with a file and a receipt, published, read with its measured link counts, shared signed out, revoked, and renewed', async ({
  browser,
}) => {
  test.setTimeout(60_000)
  // The deal up to completion, its tracked link followed from three browsers: through the API (the
  // deal page's steps are deals.spec.ts's). The administrator is the recipient (posting needs no plan).
  const recipient = await newPage(browser)
  await signIn(recipient, ADMIN.username, ADMIN.password)
  const deal = await completedDeal(recipient.request, origin(), uniqueName('Robotics weekend '))

  // The recipient opens the drafted report from the deal's page and completes it.
  await recipient.goto(`/deals/${deal.dealId}`)
  const card = recipient.getByTestId('report-card')
  await expect(card).toContainText('Draft')
  await card.getByRole('link', { name: 'Write the impact report' }).click()
  const editor = recipient.getByRole('form', { name: 'Edit the impact report' })
  await editor.getByRole('button', { name: 'Add a figure' }).click()
  const figure = editor.getByRole('group', { name: 'Figure 1' })
  await figure.getByLabel('Name').fill('Attendance over the weekend')
  await figure.getByLabel('Value').fill('1200')
  await figure.getByLabel('File (optional)').setInputFiles({ name: 'tickets.png', mimeType: 'image/png', buffer: gradientPng(80, 60) })
  await expect(figure.getByRole('link', { name: /^Evidence: tickets\.\w+ \(opens in a new tab\)$/ })).toBeVisible()
  await editor.getByRole('button', { name: 'Add a spending line' }).click()
  const line = editor.getByRole('group', { name: 'Line 1' })
  await line.getByLabel('Item').fill('Stage hire')
  await line.getByLabel('Amount (USD)').fill('300')
  await line
    .getByLabel('Receipt (optional)')
    .setInputFiles({ name: 'stage-bill.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') })
  await expect(line.getByRole('link', { name: 'Evidence: stage-bill.pdf (opens in a new tab)' })).toBeVisible()
  await expect(editor.getByTestId('unaccounted')).toHaveText('$200 unaccounted')
  await editor.getByLabel(/What happened/).fill('120 students built and raced robots over two days.')
  await editor.getByRole('button', { name: 'Save' }).click()
  await expectToast(recipient, 'Report saved')
  await recipient.getByRole('button', { name: 'Publish' }).click()
  await expectToast(recipient, 'Report published')
  await expect(recipient.getByTestId('report-status')).toHaveText('Published')

  // The sponsor reads it from their deal's page: the figure evidenced, the link's counts measured
  // (the robot and the repeat left out), what the spending leaves unaccounted.
  const sponsor = await newPage(browser)
  await signIn(sponsor, deal.sponsor.username, deal.sponsor.password)
  await sponsor.goto(`/deals/${deal.dealId}`)
  await sponsor.getByTestId('report-card').getByRole('link', { name: 'Open the impact report' }).click()
  const figures = sponsor.getByTestId('report-figures')
  await expect(figures).toContainText('1,200')
  await expect(figures.locator('[data-provenance="evidenced"]')).toHaveText(/Evidenced/)
  await expect(sponsor.getByTestId('report-link-visits')).toHaveText('3')
  await expect(sponsor.getByTestId('report-link-unique')).toHaveText('3')
  await expect(sponsor.getByTestId('report-spending')).toContainText('$200 unaccounted')
  await expect(sponsor.getByTestId('report-deliverable').filter({ hasText: 'workshop banner' })).toContainText('On time')
  expect(await seriousAxeFindingsBothThemes(sponsor, 'published impact report')).toEqual([])
  // On paper: no navigation, no buttons.
  await sponsor.emulateMedia({ media: 'print' })
  await expect(sponsor.getByRole('button', { name: 'Print' })).toBeHidden()
  await expect(sponsor.getByRole('navigation', { name: 'Main' })).toBeHidden()
  await expect(figures).toBeVisible()
  await sponsor.emulateMedia({ media: 'screen' })

  // The sponsor shares it; the link opens signed out, in a browser of its own.
  const share = sponsor.getByTestId('report-share')
  await share.getByRole('button', { name: 'Share' }).click()
  await expectToast(sponsor, 'Link created')
  const url = await share.getByLabel('Link to the report').inputValue()
  expect(url).toMatch(/\/r\/[\w-]{43}$/)
  const visitor = await newPage(browser)
  await visitor.goto(new URL(url).pathname)
  await expect(visitor.getByRole('heading', { level: 1, name: deal.title })).toBeVisible()
  await expect(visitor.getByTestId('report-figures')).toContainText('1,200')
  await expect(visitor.getByTestId('report-summary')).toContainText('120 students built and raced robots')
  await expect(visitor.getByRole('button', { name: 'Edit the report' })).toHaveCount(0)
  await shoot(visitor, 'desktop', 'shared-report')

  // Revoked, the link no longer works, at once.
  await share.getByRole('button', { name: 'Revoke' }).click()
  await sponsor.getByRole('dialog', { name: 'Revoke the link?' }).getByRole('button', { name: 'Revoke' }).click()
  await expectToast(sponsor, 'Link revoked')
  await visitor.reload()
  await expect(visitor.getByRole('heading', { level: 1, name: 'This report link no longer works' })).toBeVisible()
  await expect(visitor.getByRole('link', { name: 'Go to SponsorBridge' })).toBeVisible()

  // The sponsor renews from the deal's page and lands on the new deal, its deliverables proposed again.
  await sponsor.goto(`/deals/${deal.dealId}`)
  await sponsor.getByRole('button', { name: 'Renew' }).click()
  const renew = sponsor.getByRole('dialog', { name: /^Renew with / })
  await expect(renew.getByLabel('Amount (USD)')).toHaveValue('500')
  await renew.getByRole('button', { name: 'Open the new deal' }).click()
  await expect(sponsor).not.toHaveURL(new RegExp(`/deals/${deal.dealId}$`))
  await expect(sponsor).toHaveURL(/\/deals\/\w+$/)
  const proposal = sponsor.getByTestId('proposal')
  await expect(proposal).toContainText('Our logo on the workshop banner')
  await expect(proposal).toContainText('A post with a link to the cafe')
})
