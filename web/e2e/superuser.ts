import { execFileSync } from 'node:child_process'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, type APIRequestContext } from '@playwright/test'
import { readMail } from './mailbox'

const binary = join(resolve(dirname(fileURLToPath(import.meta.url)), '..', '..'), 'bin', 'sponsorbridge')

let token = ''

/**
 * A superuser token for the running test server, made with the binary's own `superuser upsert`
 * command on its data directory (as an operator would). Journeys use it only to do what no
 * member screen can, such as moving time: an event date into the past.
 */
export async function superuserToken(request: APIRequestContext): Promise<string> {
  if (token) return token
  const dataDir = process.env.E2E_DATA_DIR
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set')
  const email = 'e2e-root@example.com'
  const password = 'e2e-root-password-1'
  execFileSync(binary, ['superuser', 'upsert', email, password, '--dir', dataDir], { stdio: 'ignore' })
  const headers = { Origin: `http://127.0.0.1:${process.env.E2E_PORT}` }
  // Superusers sign in with two proofs (MFA): the password gives an MFA id, the mailed code completes it.
  const first = await request.post('/api/collections/_superusers/auth-with-password', { data: { identity: email, password }, headers })
  expect(first.status(), await first.text()).toBe(401)
  const { mfaId } = (await first.json()) as { mfaId: string }
  const otp = await request.post('/api/collections/_superusers/request-otp', { data: { email }, headers })
  expect(otp.status(), await otp.text()).toBe(200)
  const { otpId } = (await otp.json()) as { otpId: string }
  const mail = await readMail(email, 'OTP for SponsorBridge')
  const code = /\b(\d{8})\b/.exec(mail.html)?.[1]
  if (!code) throw new Error(`no one-time code in the superuser's mail: ${mail.html}`)
  const response = await request.post('/api/collections/_superusers/auth-with-otp', { data: { otpId, password: code, mfaId }, headers })
  expect(response.status(), await response.text()).toBe(200)
  token = ((await response.json()) as { token: string }).token
  return token
}
