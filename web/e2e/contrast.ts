import { type Locator } from '@playwright/test'

/** A colour as the page draws it, with its opacity, and the surface under it (RGB, 0-255). */
type Drawn = { under: number[]; colours: { rgb: number[]; alpha: number }[] }

/**
 * Reads colours from the rendered page: the element's text colour (`text`) or each child's background
 * at its opacity (`children`, as a rating's stars are drawn), and the first opaque background under
 * the element. The browser's canvas turns any CSS colour (oklch from daisyUI included) into RGB.
 */
async function drawnColours(el: Locator, what: 'text' | 'children'): Promise<Drawn> {
  return el.evaluate((node, what) => {
    const canvas = document.createElement('canvas')
    canvas.width = canvas.height = 1
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!
    const rgb = (css: string) => {
      ctx.clearRect(0, 0, 1, 1)
      ctx.fillStyle = css
      ctx.fillRect(0, 0, 1, 1)
      return Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3))
    }
    let surface = 'rgba(0, 0, 0, 0)'
    for (let p: Element | null = node; p && /rgba\(0, 0, 0, 0\)|transparent/.test(surface); p = p.parentElement)
      surface = getComputedStyle(p).backgroundColor
    const colours =
      what === 'text'
        ? [{ rgb: rgb(getComputedStyle(node).color), alpha: 1 }]
        : Array.from(node.children).map((child) => {
            const style = getComputedStyle(child)
            return { rgb: rgb(style.backgroundColor), alpha: Number(style.opacity) }
          })
    return { under: rgb(surface), colours }
  }, what)
}

/** WCAG relative luminance of an RGB colour. */
function luminance(c: number[]): number {
  const [r, g, b] = c.map((v) => {
    const x = v / 255
    return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** The lowest WCAG contrast of the drawn colours (each blended at its opacity) against the surface. */
function lowestContrast({ under, colours }: Drawn): number {
  let lowest = Infinity
  for (const { rgb, alpha } of colours) {
    const a = luminance(rgb.map((v, i) => v * alpha + under[i] * (1 - alpha)))
    const b = luminance(under)
    lowest = Math.min(lowest, (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05))
  }
  return lowest
}

/** WCAG contrast of an element's text colour on its background, read from the rendered page. */
export async function contrastOf(el: Locator): Promise<number> {
  return lowestContrast(await drawnColours(el, 'text'))
}

/**
 * The lowest WCAG contrast of a rating's stars (each drawn at its opacity) against the surface under
 * them: lit and unlit stars are what the rating means (WCAG 1.4.11 asks 3:1).
 */
export async function lowestStarContrast(rating: Locator): Promise<number> {
  return lowestContrast(await drawnColours(rating, 'children'))
}
