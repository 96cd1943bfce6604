/// <reference types="vitest/config" />
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { fileURLToPath } from 'node:url'
import { availableParallelism } from 'node:os'
import { precompress } from './build/precompress'

const server = 'http://127.0.0.1:8090'

/** Unit test files that mock modules (vi.mock): each gets its own module graph. */
const isolated = [
  'src/features/auth/routes/AuthPage.google.test.tsx',
  'src/features/subscription/use-checkout.test.tsx',
  'src/app/routes/SponsorshipsPage.test.tsx',
]

// The entry chunk (main.tsx, which every screen loads) also holds the small modules every listing
// screen shares: the kind's names, amounts, ratings, fields, badges, tabs and the app's config query. Left
// to Rollup they became four files of about 1 kB each on /home's first screen, each costing its
// headers (about 550 bytes): 122.3 kB, over the budget; here 119.2 kB (docs/web/bundle-size.md).
const inEntry = [
  '/src/main.tsx',
  '/src/lib/listing.ts',
  '/src/lib/money.ts',
  '/src/lib/rating.ts',
  '/src/components/ui/Field.tsx',
  '/src/components/ui/Badge.tsx',
  '/src/components/ui/Tabs.tsx',
  '/src/features/app-config/api/get-app-config.ts',
  '/src/lib/tiers.ts',
  '/src/components/ui/PageHeader.tsx',
]

// /home's screen and its card list in one chunk (Rollup folds the cards' slots, ListingSlots, in with
// them): /home loads them at once, so its first screen fetches one file where it fetched three, each
// with its headers (119.6 kB before, 117.4 kB after with a card's packages in the slots). A listing's
// page and a profile load that chunk for the slots and the list: about 4 kB more for them.
const onHome = ['/src/app/routes/HomePage.tsx', '/src/features/listings/components/ListingPanel.tsx']

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: server, changeOrigin: false },
      // Only the superuser dashboard: '/__/auth/handler' is an SPA route.
      '/_/': { target: server, changeOrigin: false },
    },
  },
  build: {
    outDir: '../pb_public',
    emptyOutDir: true,
    sourcemap: false,
    // Browsers without <link rel="modulepreload"> (Safari before 17) still load every chunk, one
    // after another; the polyfill would cost every browser its bytes on the first screen.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // Chunks smaller than this are merged into a neighbour where that changes no module's order:
      // each file costs a request and its headers (about 500 bytes), often more than its body. The
      // neighbour may be the entry chunk, which every screen loads: at 2,500 the subscription helpers
      // (~2.3 kB) were folded into it and /home's first screen carried them; at 2,200 they stay a
      // chunk of their own (one more file in all, none more on the first screen). At 2,200 the entry
      // later took in the subscription texts, the e-mail-needed note and other small shared modules
      // again (/home's first screen 120.4 kB, over its budget); at 1,000 they stay chunks of the
      // screens that use them: 119.8 kB (docs/web/bundle-size.md).
      output: {
        experimentalMinChunkSize: 1_000,
        manualChunks: (id) => (inEntry.some((m) => id.endsWith(m)) ? 'index' : onHome.some((m) => id.endsWith(m)) ? 'HomePage' : undefined),
      },
    },
  },
  test: {
    globals: true,
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine, where two
    // took the suite from 84 s to 46 s (48 files; most of the time is each file's jsdom and imports).
    maxWorkers: Math.max(2, availableParallelism()),
    css: false,
    // A worker keeps its jsdom and its imported modules from one file to the next: a fresh jsdom and a
    // fresh import of React, the router and the app for each of 56 files took 131 s of CPU (74 s on
    // 2 cores); kept, 36 s. What a file changes is undone by src/test/setup.ts after each test (the
    // DOM, storage, fetch, timers, toasts). Module mocks (vi.mock) need a file's own module graph,
    // so the files that use them run isolated: they are listed in `isolated` below.
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: isolated, isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: isolated } },
    ],
  },
})
