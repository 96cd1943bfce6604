import { expect, test } from './test'
import { crc32 } from 'node:zlib'
import { expectToast, registerMember, uniqueName } from './helpers'
import { readCode } from './mailbox'

test('settings: a new e-mail address counts only once the code mailed to it comes back', async ({ page }) => {
  await registerMember(page, 'Mail Changer') // signs this browser in
  const address = `${uniqueName('mail')}@example.com`
  await page.goto('/settings')
  const card = page.getByRole('region', { name: 'E-mail', exact: true })
  await expect(card).toContainText('You have not confirmed an e-mail address yet.')

  await card.getByLabel('E-mail address').fill(address)
  await card.getByRole('button', { name: 'Send code' }).click()
  await expectToast(page, 'Code sent')
  const confirmBox = card.getByRole('form', { name: 'Confirm your e-mail address' })
  await expect(confirmBox).toContainText(`Waiting for confirmation: ${address}`)
  await expect(card).toContainText('You have not confirmed an e-mail address yet.') // not the member's yet

  await confirmBox.getByLabel('Code').fill('000000')
  await confirmBox.getByRole('button', { name: 'Confirm e-mail' }).click()
  await expect(confirmBox.getByText('That code is not right. Check the e-mail and try again.')).toBeVisible()

  await confirmBox.getByLabel('Code').fill(await readCode(address))
  await confirmBox.getByRole('button', { name: 'Confirm e-mail' }).click()
  await expectToast(page, 'E-mail confirmed')
  await expect(card).toContainText(`Current address: ${address}`)
  await expect(confirmBox).toBeHidden()
})

/** The first bytes of a PNG of w × h pixels: all the server reads before refusing it. */
function pngHeader(w: number, h: number): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(w, 0)
  ihdr.writeUInt32BE(h, 4)
  ihdr[8] = 8 // bits per channel
  ihdr[9] = 6 // RGBA
  const type = Buffer.from('IHDR')
  const length = Buffer.alloc(4)
  length.writeUInt32BE(13)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([type, ihdr])))
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), length, type, ihdr, crc, Buffer.alloc(64)])
}

test('settings: a picture of too many pixels is refused with a clear message', async ({ page }) => {
  await registerMember(page, 'Big Picture')
  await page.goto('/settings')
  await page.getByLabel('Upload avatar').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: pngHeader(8000, 8000) })
  await expect(page.getByText('The image is too large: at most 16 megapixels (4096 × 4096 pixels)')).toBeVisible()
})
