import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { type Page } from '@playwright/test'
import { seriousAxeFindings, seriousAxeFindingsBothThemes } from './axe'
import { expectToast, registerMember, signIn, uniqueName } from './helpers'
import { expect, test } from './test'
import { readCodeOf, readMail } from './mailbox'
import { picture, wanted } from './shots'

/** Screens of this journey go to /tmp (looked at by hand), not to the committed screenshot set. */
const shots = join('/tmp', 'sb-account-recovery')
mkdirSync(shots, { recursive: true })

// Every journey here makes its own members: independent, so spread over the workers.
test.describe.configure({ mode: 'parallel' })

const resetSubject = 'Your SponsorBridge password reset code: '
const confirmSubject = 'Confirm your e-mail address for SponsorBridge: '

async function noSeriousAxeFindings(page: Page, what: string, rules: 'all' | 'colours' = 'all') {
  const findings = await seriousAxeFindings(page, what, rules)
  expect(findings, findings.join('\n')).toEqual([])
}

test('a new member registers with an e-mail, proves it, forgets the password and resets it; other sessions end', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  const username = uniqueName('rec')
  const address = `${username}@example.com`

  // Register with an e-mail address: the prompt asks for the code that was mailed to it.
  await page.goto('/auth?tab=register')
  await page.getByLabel('Display Name').fill('Ravi Kumar')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('E-mail (optional)').fill(address)
  await page.getByLabel('Password', { exact: true }).fill('first-pass-1')
  await page.getByLabel('Confirm Password').fill('first-pass-1')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expectToast(page, 'Registration successful')
  await expect(page).toHaveURL(/\/home$/)
  const prompt = page.getByRole('region', { name: 'Confirm your e-mail address' })
  await expect(prompt).toContainText(address)
  await expect(prompt.getByLabel('Code')).toBeVisible()
  await picture(page, { path: join(shots, 'desktop-light-prompt-pending.png') })
  await prompt.getByLabel('Code').fill(await readCodeOf(address, confirmSubject))
  await prompt.getByRole('button', { name: 'Confirm e-mail' }).click()
  await expectToast(page, 'E-mail confirmed')
  await expect(prompt).toBeHidden()

  // An earlier session on another device.
  const other = await browser.newContext()
  const otherPage = await other.newPage()
  await signIn(otherPage, username, 'first-pass-1')
  // ... with a page open, listening (realtime)
  const listening = otherPage.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/realtime')
  await otherPage.goto('/settings')
  await listening

  // Signed out, the member has forgotten the password.
  await page.getByRole('button', { name: /Account menu/ }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/auth$/)
  await page.getByRole('button', { name: 'Forgot password?' }).click()
  await page.getByLabel('Username or e-mail address').fill(address)
  await page.getByRole('button', { name: 'Send code' }).click()
  await expect(page.getByText(`If ${address} has an account with a confirmed e-mail address`)).toBeVisible()

  await page.getByLabel('Code').fill('000000')
  await page.getByLabel('New password', { exact: true }).fill('second-pass-2')
  await page.getByLabel('Confirm new password').fill('second-pass-2')
  await page.getByRole('button', { name: 'Set new password' }).click()
  await expect(page.getByText('That code is not right, or it is no longer valid.')).toBeVisible()

  await page.getByLabel('Code').fill(await readCodeOf(address, resetSubject))
  await page.getByRole('button', { name: 'Set new password' }).click()
  await expectToast(page, 'Password changed')
  await expect(page.getByText('Your password has been changed')).toBeVisible()
  // The page open on the other device goes to the sign-in at once, saying why.
  await expect(otherPage).toHaveURL(/\/auth$/, { timeout: 2_000 })
  await expect(otherPage.getByTestId('session-ended')).toHaveText('Your password was reset. Sign in with the new password.')
  await expect(page.getByLabel('Username')).toHaveValue(username) // the member typed the address
  await noSeriousAxeFindings(page, 'login after a reset')

  // The old password no longer works; the new one does.
  await page.getByLabel('Password', { exact: true }).fill('first-pass-1')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expectToast(page, 'Login failed')
  await page.getByLabel('Password', { exact: true }).fill('second-pass-2')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByRole('button', { name: /Account menu for Ravi Kumar/ })).toBeVisible()

  // The earlier session is over (a new visit asks to sign in too), and the address was told.
  await otherPage.goto('/settings')
  await expect(otherPage).toHaveURL(/\/auth$/)
  await other.close()
  await readMail(address, 'Your SponsorBridge password was changed')
})

test('a member without an e-mail address: one calm prompt, and the truth where e-mail is promised', async ({ page }) => {
  await registerMember(page, 'No Mail Yet')
  await page.goto('/home')
  const prompt = page.getByRole('region', { name: 'Add an e-mail address to your account' })
  await expect(prompt).toContainText('With a confirmed address you can reset a forgotten password')

  await page.getByRole('button', { name: 'Save search' }).click()
  const dialog = page.getByRole('dialog', { name: 'Save this search' })
  await expect(dialog).toContainText('Get a notification when a new listing matches it.')
  await expect(dialog).not.toContainText('one e-mail an hour')
  await expect(dialog.getByRole('note')).toContainText('E-mails need a confirmed address, and your account has none yet.')
  await dialog.getByRole('button', { name: 'Cancel' }).click()

  await page.goto('/settings')
  const prefs = page.getByRole('region', { name: 'E-mail notifications' })
  await expect(prefs).toContainText('Until then we send no e-mails')
  await expect(page.getByRole('region', { name: 'Saved searches' }).getByRole('note')).toBeVisible()
  await prefs.getByRole('link', { name: 'Add an e-mail address' }).click()
  await expect(page).toHaveURL(/\/settings#settings-email$/)
  await expect(page.getByRole('region', { name: 'E-mail', exact: true })).toBeInViewport()

  // "Not now" puts the prompt away, also after a reload.
  await page.goto('/home')
  await prompt.getByRole('button', { name: 'Not now' }).click()
  await expect(prompt).toBeHidden()
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(prompt).toBeHidden()
})

const devices = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
}

for (const [device, options] of Object.entries(devices))
  test.describe(`account recovery screens, ${device}`, () => {
    test.use(options)

    test(`forgot password, the prompt and the notes (${device}, light and dark)`, async ({ page }) => {
      // Each screen is scanned and shot in both themes on one visit (e2e/axe.ts).
      const scan = async (what: string, name: string) => {
        const findings = await seriousAxeFindingsBothThemes(page, `${what} (${device})`, (colorScheme) =>
          picture(page, { path: join(shots, `${device}-${colorScheme}-${name}.png`) }),
        )
        expect(findings, findings.join('\n')).toEqual([])
      }
      // Screens pictured here without a scan: the register form (a11y.spec.ts scans it) and the
      // first step of a forgotten password, before its code is asked for.
      const shoot = async (name: string) => {
        if (!wanted) return
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme })
          await picture(page, { path: join(shots, `${device}-${colorScheme}-${name}.png`), animations: 'disabled' })
        }
        await page.emulateMedia({ colorScheme: 'light' })
      }

      await page.goto('/auth?tab=register')
      await expect(page.getByLabel('E-mail (optional)')).toBeVisible()
      await shoot('register')
      await page.goto('/auth')
      await page.getByRole('button', { name: 'Forgot password?' }).click()
      await shoot('forgot-request')
      await page.getByLabel('Username or e-mail address').fill('someone')
      await page.getByRole('button', { name: 'Send code' }).click()
      await expect(page.getByLabel('Code')).toBeVisible()
      await scan('forgot password', 'forgot-code')

      await registerMember(page, 'Prompt Shot')
      await page.goto('/home')
      await expect(page.getByRole('region', { name: 'Add an e-mail address to your account' })).toBeVisible()
      await scan('the prompt', 'prompt')
      await page.getByRole('button', { name: 'Save search' }).click()
      await expect(page.getByRole('dialog', { name: 'Save this search' }).getByRole('note')).toBeVisible()
      await scan('save search', 'save-search')
      await page.goto('/settings#email-preferences')
      await expect(page.getByRole('region', { name: 'E-mail notifications' }).getByRole('note')).toBeVisible()
      await scan('settings', 'email-preferences')
    })
  })
