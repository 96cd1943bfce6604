import { spawn } from 'node:child_process'
import { mkdtempSync, openSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')

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

/**
 * Another instance of the real binary on its own fresh data directory, for a spec that needs
 * settings the shared server lacks (e.g. Google pointed at a local stand-in).
 */
export async function startSecondServer(env: Record<string, string>) {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(join(tmpdir(), 'sponsorbridge-e2e-google-'))
  const log = openSync(join(dataDir, 'server.log'), 'a')
  const child = spawn(
    join(repo, 'bin', 'sponsorbridge'),
    ['serve', '--http', `127.0.0.1:${port}`, '--dir', dataDir, '--publicDir', join(repo, 'pb_public')],
    { env: { ...process.env, APP_URL: origin, RATE_LIMITS: 'off', DEMO_MODE: 'false', ...env }, stdio: ['ignore', log, log] },
  )
  const deadline = Date.now() + 30_000
  for (;;) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`second server did not start; log: ${join(dataDir, 'server.log')}`)
    }
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  return {
    origin,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))])
        if (child.exitCode === null) child.kill('SIGKILL')
      }
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
