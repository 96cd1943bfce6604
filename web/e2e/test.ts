import { test as base } from '@playwright/test'
import { DEMO_PASSWORD, startServer, type Server } from './server'

export { expect } from '@playwright/test'

/** The server of this worker process, while it runs (see `test` below). */
let current: Server | undefined

/**
 * Playwright's `test`, with one server per worker: every worker process starts the real binary on
 * its own port and a fresh data directory in demo mode (the demo data every worker's journeys
 * start from), and `baseURL` points at it. A worker runs its files one after another, so the
 * journeys on one server are those of one worker; Playwright starts a new worker, with a new
 * server, after a failed test.
 */
export const test = base.extend<{ closeOwnContexts: void }, { server: Server }>({
  server: [
    async ({}, use) => {
      // The journeys pay through the sandbox and read sign-in codes from the development mailbox:
      // both are opt-ins (demo mode implies them; named here so that the dependence is explicit).
      const server = await startServer({
        DEMO_MODE: 'true',
        DEMO_PASSWORD,
        PAYMENTS_SANDBOX: 'true',
        MAIL_DEV_MAILBOX: 'true',
      })
      current = server
      await use(server)
      current = undefined
      await server.stop()
    },
    { scope: 'worker', auto: true, timeout: 60_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.origin)
  },
  // Playwright closes the page fixture's context after each test, but not the contexts a journey
  // opens itself (a second member, another device): left open, their pages would stay signed in
  // for the worker's life, holding realtime streams and refetching on every later event.
  closeOwnContexts: [
    async ({ browser, context }, use) => {
      await use()
      await Promise.all(
        browser
          .contexts()
          .filter((c) => c !== context)
          .map((c) => c.close()),
      )
    },
    { auto: true },
  ],
})

function running(): Server {
  if (!current) throw new Error("no server in this worker: import test from './test', not from '@playwright/test'")
  return current
}

/** The origin of this worker's server, e.g. for the Origin header of API calls. */
export const origin = () => running().origin

/** The data directory of this worker's server (its development mailbox, `superuser upsert`). */
export const dataDir = () => running().dataDir
