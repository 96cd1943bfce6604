import type { CDPSession, Page } from '@playwright/test'

/** Bytes on the wire (CDP's encodedDataLength: headers and the body as sent), by kind of file. */
interface Transferred {
  js: number
  css: number
  other: number
  files: { url: string; bytes: number; encoding: string }[]
}

/**
 * Counts what the page fetches from now on: every finished response's encodedDataLength, sorted
 * into scripts and style sheets by the path's extension. The browser cache is off, so the counts
 * are a first visit's.
 */
export async function countTransfers(page: Page): Promise<{ cdp: CDPSession; transferred: Transferred; lastFinish: () => number }> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  const urls = new Map<string, { url: string; encoding: string }>()
  const transferred: Transferred = { js: 0, css: 0, other: 0, files: [] }
  let last = Date.now()
  cdp.on('Network.responseReceived', (e) => {
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]))
    urls.set(e.requestId, { url: e.response.url, encoding: headers['content-encoding'] ?? '' })
  })
  cdp.on('Network.loadingFinished', (e) => {
    const seen = urls.get(e.requestId)
    if (!seen || !seen.url.startsWith('http')) return
    const path = new URL(seen.url).pathname
    const bytes = e.encodedDataLength
    if (path.endsWith('.js')) transferred.js += bytes
    else if (path.endsWith('.css')) transferred.css += bytes
    else transferred.other += bytes
    transferred.files.push({ url: path, bytes, encoding: seen.encoding })
    last = Date.now()
  })
  return { cdp, transferred, lastFinish: () => last }
}

/** Waits until no response has finished for quietMs (the realtime stream never finishes, so no 'networkidle'). */
export async function settle(lastFinish: () => number, quietMs = 1500, capMs = 15_000): Promise<void> {
  const start = Date.now()
  while (Date.now() - lastFinish() < quietMs && Date.now() - start < capMs) {
    await new Promise((r) => setTimeout(r, 100))
  }
}

export function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`
}
