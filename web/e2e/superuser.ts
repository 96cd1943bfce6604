import { execFileSync } from 'node:child_process'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, type APIRequestContext } from '@playwright/test'

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
  const response = await request.post('/api/collections/_superusers/auth-with-password', {
    data: { identity: email, password },
    headers: { Origin: `http://127.0.0.1:${process.env.E2E_PORT}` },
  })
  expect(response.status(), await response.text()).toBe(200)
  token = ((await response.json()) as { token: string }).token
  return token
}
