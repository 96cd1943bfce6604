/*
 * Chart.js, registered with only what the overview draws (bars, lines, their scales, tooltips and
 * legends: tree-shaken, this page's chunk alone loads it), and coloured from the daisyUI theme: the
 * theme's CSS variables, resolved to sRGB for the canvas, read again when the system's light or dark
 * setting (which chooses the theme) changes. Nothing is animated.
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js'
import { useSyncExternalStore } from 'react'

Chart.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, Tooltip, Legend)

export interface ChartTheme {
  given: string
  received: string
  measured: string
  reported: string
  onTime: string
  text: string
  muted: string
  grid: string
  surface: string
  font: string
}

const darkQuery = '(prefers-color-scheme: dark)'

function media(query: string): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null
}

function subscribe(onChange: () => void): () => void {
  const dark = media(darkQuery)
  dark?.addEventListener('change', onChange)
  return () => dark?.removeEventListener('change', onChange)
}

/** Which theme the system asks for now: what the colours depend on. */
function schemeSnapshot(): string {
  return media(darkQuery)?.matches ? 'dark' : 'light'
}

let probe: CanvasRenderingContext2D | null | undefined

/**
 * A theme colour (daisyUI writes them in oklch) as the canvas's sRGB rgba(): drawn on one pixel and
 * read back, so Chart.js, which mixes its hover shades itself, gets a colour it can parse.
 */
function themeColor(name: string, alpha = 1): string {
  const raw = getComputedStyle(document.documentElement).getPropertyValue(name).trim()
  if (!raw) return 'gray' // no theme loaded (unit tests)
  if (probe === undefined) {
    try {
      probe = document.createElement('canvas').getContext('2d', { willReadFrequently: true })
    } catch {
      probe = null
    }
  }
  if (!probe) return raw
  probe.clearRect(0, 0, 1, 1)
  probe.fillStyle = raw
  probe.fillRect(0, 0, 1, 1)
  const [r, g, b] = probe.getImageData(0, 0, 1, 1).data
  return `rgba(${r}, ${g}, ${b}, ${alpha})`
}

function readTheme(): ChartTheme {
  return {
    given: themeColor('--color-primary'),
    received: themeColor('--color-secondary'),
    // the provenance badges' tints: Measured is success, Evidenced info (components/ui/Provenance.tsx)
    measured: themeColor('--color-success'),
    reported: themeColor('--color-info'),
    onTime: themeColor('--color-primary'),
    text: themeColor('--color-base-content'),
    muted: themeColor('--color-base-content', 0.75),
    grid: themeColor('--color-base-content', 0.12),
    surface: themeColor('--color-base-100'),
    font: getComputedStyle(document.body).fontFamily,
  }
}

/** Each theme's colours, read once: the theme's variables do not change while it is on screen. */
const themes = new Map<string, ChartTheme>()

/** The charts' colours and font from the theme on screen, read again when the system's theme changes. */
export function useChartTheme(): ChartTheme {
  const scheme = useSyncExternalStore(subscribe, schemeSnapshot, () => 'light')
  let theme = themes.get(scheme)
  if (!theme) {
    theme = readTheme()
    themes.set(scheme, theme)
  }
  return theme
}
