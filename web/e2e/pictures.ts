import { crc32, deflateSync } from 'node:zlib'
import type { Locator } from '@playwright/test'
import { expect } from './test'

/**
 * An opaque RGB PNG of width × height, a gradient (so a picture that shows is told from a blank
 * box), made here rather than kept as a file.
 */
export function gradientPng(width: number, height: number): Buffer {
  const row = 1 + width * 3
  const pixels = Buffer.alloc(row * height) // each row: filter 0 (none), then R, G, B per pixel
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * row + 1 + x * 3
      pixels[i] = Math.round((255 * x) / Math.max(1, width - 1))
      pixels[i + 1] = Math.round((255 * y) / Math.max(1, height - 1))
      pixels[i + 2] = 170
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bits per channel
  header[9] = 2 // RGB, no alpha
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))])
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const out = Buffer.alloc(8 + body.length)
  out.writeUInt32BE(data.length, 0)
  body.copy(out, 4)
  out.writeUInt32BE(crc32(body), 4 + body.length)
  return out
}

/** The <img> is on screen and its picture arrived, decoded at width × height (lazy ones are scrolled to). */
export async function expectPictureLoaded(img: Locator, width: number, height: number) {
  await img.scrollIntoViewIfNeeded()
  await expect(img).toBeVisible()
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? [el.naturalWidth, el.naturalHeight] : [0, 0])))
    .toEqual([width, height])
}
