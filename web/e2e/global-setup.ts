import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, openSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const repo = resolve(here, '..', '..')
const binary = join(repo, 'bin', 'sponsorbridge')
const publicDir = join(repo, 'pb_public')

export const DEMO_PASSWORD = 'demo-pass-123'

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`sponsorbridge exited early with code ${child.exitCode}`)
    try {
      const response = await fetch(url)
      if (response.status === 200) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`sponsorbridge did not answer ${url} with 200 within ${timeoutMs} ms`)
}

/** Starts the real server binary on a fresh data directory; the returned function stops it. */
export default async function globalSetup() {
  if (!existsSync(binary)) {
    throw new Error(`Server binary not found at ${binary}. Run \`make build\` in the repository root first.`)
  }
  if (!existsSync(join(publicDir, 'index.html'))) {
    throw new Error(`No built web app in ${publicDir}. Run \`npm --prefix web run build\` (or \`make build\`) first.`)
  }
  const port = process.env.E2E_PORT
  if (!port) throw new Error('E2E_PORT is not set (playwright.config.ts sets it)')

  const dataDir = mkdtempSync(join(tmpdir(), 'sponsorbridge-e2e-'))
  process.env.E2E_DATA_DIR = dataDir // the workers read the development mailbox from here
  const log = openSync(join(dataDir, 'server.log'), 'a')
  const child = spawn(binary, ['serve', '--http', `127.0.0.1:${port}`, '--dir', dataDir, '--publicDir', publicDir], {
    // The journeys pay through the sandbox and read sign-in codes from the development mailbox:
    // both are opt-ins (demo mode implies them; named here so that the dependence is explicit).
    env: { ...process.env, DEMO_MODE: 'true', DEMO_PASSWORD, RATE_LIMITS: 'off', PAYMENTS_SANDBOX: 'true', MAIL_DEV_MAILBOX: 'true' },
    stdio: ['ignore', log, log],
  })

  try {
    await waitForHealth(`http://127.0.0.1:${port}/api/health`, child, 30_000)
  } catch (error) {
    child.kill('SIGKILL')
    throw new Error(`${(error as Error).message}; server log: ${join(dataDir, 'server.log')}`)
  }

  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))])
      if (child.exitCode === null) child.kill('SIGKILL')
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
}
