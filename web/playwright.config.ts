import { defineConfig } from '@playwright/test'

/**
 * Workers run test files side by side, each with its own server and data directory (e2e/test.ts).
 * E2E_WORKERS overrides the count (so does --workers); the default is measured on a 2-core machine
 * (web/README.md, "Browser tests").
 */
const workers = Number(process.env.E2E_WORKERS || 3)
if (!Number.isInteger(workers) || workers < 1)
  throw new Error(`E2E_WORKERS must be a whole number of workers, got ${process.env.E2E_WORKERS}`)

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  // The journeys of one file share their worker's server and may build on each other; a file
  // whose journeys do not opts in with test.describe.configure({ mode: 'parallel' }).
  fullyParallel: false,
  workers,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    // baseURL: the worker's own server (e2e/test.ts)
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      // Debian's chromium: no step may download a browser.
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
})
