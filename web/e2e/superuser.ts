import { execFileSync } from 'node:child_process'
import { expect, type APIRequestContext } from '@playwright/test'
import { readMail } from './mailbox'
import { binary } from './server'
import { dataDir, origin } from './test'

/** Made once per worker: a worker's journeys all use its one server. */
let token = ''

/**
 * A superuser token for this worker's server, made with the binary's own `superuser upsert`
 * command on its data directory (as an operator would). Journeys use it only to do what no
 * member screen can, such as moving time: an event date into the past.
 */
export async function superuserToken(request: APIRequestContext): Promise<string> {
  if (token) return token
  const email = 'e2e-root@example.com'
  const password = 'e2e-root-password-1'
  execFileSync(binary, ['superuser', 'upsert', email, password, '--dir', dataDir()], { stdio: 'ignore' })
  const headers = { Origin: origin() }
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
