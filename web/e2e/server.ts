import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, openSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')
export const binary = join(repo, 'bin', 'sponsorbridge')
const publicDir = join(repo, 'pb_public')

/** The demo accounts' password on the servers the journeys start (demo mode seeds them). */
export const DEMO_PASSWORD = 'demo-pass-123'

export interface Server {
  origin: string
  dataDir: string
  /** The server's log, kept in its data directory (named in every start-up failure). */
  log: string
  stop: () => Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer()
    probe.once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => done(port))
    })
  })
}

/** Whether the server answers its health check with 200 before it exits or the deadline passes. */
async function healthy(origin: string, exited: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline && !exited()) {
    try {
      if ((await fetch(`${origin}/api/health`)).status === 200) return true
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  return false
}

interface Options {
  /** Names the data directory (`sponsorbridge-<label>-*` in the temp directory). */
  label?: string
  /** Sets APP_URL to the server's own origin (links in mails name it). */
  appUrl?: boolean
}

/**
 * Starts the real server binary on its own free port and a fresh data directory, with `env` on top
 * of this process's environment and rate limits off. `stop` ends it and removes the directory.
 * The port is probed free and then handed to the binary, so another process can take it in
 * between: a server that exits at once is started again on another port (three attempts).
 */
export async function startServer(env: Record<string, string>, { label = 'e2e', appUrl = false }: Options = {}): Promise<Server> {
  if (!existsSync(binary)) {
    throw new Error(`Server binary not found at ${binary}. Run \`make build\` in the repository root first.`)
  }
  if (!existsSync(join(publicDir, 'index.html'))) {
    throw new Error(`No built web app in ${publicDir}. Run \`npm --prefix web run build\` (or \`make build\`) first.`)
  }
  for (let attempt = 1; ; attempt++) {
    const port = await freePort()
    const origin = `http://127.0.0.1:${port}`
    const dataDir = mkdtempSync(join(tmpdir(), `sponsorbridge-${label}-`))
    const log = join(dataDir, 'server.log')
    const out = openSync(log, 'a')
    const child = spawn(binary, ['serve', '--http', `127.0.0.1:${port}`, '--dir', dataDir, '--publicDir', publicDir], {
      env: { ...process.env, RATE_LIMITS: 'off', ...(appUrl ? { APP_URL: origin } : {}), ...env },
      stdio: ['ignore', out, out],
    })
    const stop = async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))])
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      }
      rmSync(dataDir, { recursive: true, force: true })
    }
    const exited = () => child.exitCode !== null || child.signalCode !== null
    if (await healthy(origin, exited, 30_000)) return { origin, dataDir, log, stop }
    if (exited() && attempt < 3) {
      rmSync(dataDir, { recursive: true, force: true })
      continue // most likely the port was taken between the probe and the bind
    }
    child.kill('SIGKILL')
    throw new Error(`sponsorbridge did not answer ${origin}/api/health with 200 within 30 s; server log: ${log}`)
  }
}

/**
 * Another instance of the real binary for a spec that needs settings the worker's server lacks
 * (Google pointed at a local stand-in, Razorpay keys, no opt-ins): not in demo mode unless `env`
 * says so, and with APP_URL set to its own origin.
 */
export function startSecondServer(env: Record<string, string>): Promise<Server> {
  return startServer({ DEMO_MODE: 'false', ...env }, { label: 'second', appUrl: true })
}
