import { readdir, readFile, writeFile } from 'node:fs/promises'
import { extname, join, relative, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

/** Text is worth compressing; images other than SVG, and fonts, are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest'])
/** Below this, a compressed variant saves less than the headers that name it. */
const MIN_BYTES = 512
/** The server writes each page's link-preview tags into index.html, then gzips it on the way out. */
const REWRITTEN = new Set(['index.html'])

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name))
}

/**
 * Writes `name.br` (brotli, quality 11) and `name.gz` (gzip, level 9) beside every compressible
 * file of the build, when smaller than the file: the server sends the variant the browser
 * takes (pb/internal/compress/static.go), so no byte is compressed per request.
 */
export function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'sponsorbridge-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      let plain = 0
      let br = 0
      let gz = 0
      let count = 0
      for (const file of await filesUnder(outDir)) {
        const name = relative(outDir, file)
        if (!COMPRESSIBLE.has(extname(file)) || REWRITTEN.has(name)) continue
        const body = await readFile(file)
        if (body.length < MIN_BYTES) continue
        const brotli = brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
        const gzip = gzipSync(body, { level: 9 })
        if (brotli.length < body.length) await writeFile(`${file}.br`, brotli)
        if (gzip.length < body.length) await writeFile(`${file}.gz`, gzip)
        plain += body.length
        br += Math.min(brotli.length, body.length)
        gz += Math.min(gzip.length, body.length)
        count += 1
      }
      const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`
      this.info(`precompressed ${count} files: ${kb(plain)} → brotli ${kb(br)}, gzip ${kb(gz)}`)
    },
  }
}
