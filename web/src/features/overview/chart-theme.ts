/*
 * Chart.js, registered with only what the overview draws (bars, lines, their scales, tooltips and
 * legends: tree-shaken, this page's chunk alone loads it), and coloured from the daisyUI theme: the
 * theme's CSS variables, resolved to sRGB for the canvas, read again when the system's light or dark
 * setting (which chooses the theme) changes.
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
import { useMemo, useSyncExternalStore } from 'react'

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
  /** The member asked for less motion: no animation. */
  still: boolean
}

const darkQuery = '(prefers-color-scheme: dark)'
const stillQuery = '(prefers-reduced-motion: reduce)'

function media(query: string): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null
}

function subscribe(onChange: () => void): () => void {
  const lists = [media(darkQuery), media(stillQuery)].filter((m): m is MediaQueryList => m !== null)
  for (const m of lists) m.addEventListener('change', onChange)
  return () => lists.forEach((m) => m.removeEventListener('change', onChange))
}

/** Which theme and motion the system asks for now ("dark still", "light "): what the colours depend on. */
function schemeSnapshot(): string {
  return `${media(darkQuery)?.matches ? 'dark' : 'light'} ${media(stillQuery)?.matches ? 'still' : ''}`
}

let probe: CanvasRenderingContext2D | null | undefined

/**
 * A theme colour (daisyUI writes them in oklch) as the canvas's sRGB rgba(): drawn on one pixel and
 * read back, so Chart.js, which mixes its hover shades itself, gets a colour it can parse.
 */
function themeColor(name: string, alpha = 1): string {
  const raw = getComputedStyle(document.documentElement).getPropertyValue(name).trim()
  if (probe === undefined) {
    try {
      probe = document.createElement('canvas').getContext('2d', { willReadFrequently: true })
    } catch {
      probe = null // no canvas (tests): the colour as written
    }
  }
  if (!raw || !probe) return raw || 'gray'
  probe.clearRect(0, 0, 1, 1)
  probe.fillStyle = raw
  probe.fillRect(0, 0, 1, 1)
  const [r, g, b] = probe.getImageData(0, 0, 1, 1).data
  return `rgba(${r}, ${g}, ${b}, ${alpha})`
}

function readTheme(scheme: string): ChartTheme {
  return {
    given: themeColor('--color-primary'),
    received: themeColor('--color-secondary'),
    measured: themeColor('--color-primary'),
    reported: themeColor('--color-warning'),
    onTime: themeColor('--color-success'),
    text: themeColor('--color-base-content'),
    muted: themeColor('--color-base-content', 0.75),
    grid: themeColor('--color-base-content', 0.12),
    surface: themeColor('--color-base-100'),
    font: getComputedStyle(document.body).fontFamily,
    still: scheme.endsWith('still'),
  }
}

/** The charts' colours and font from the theme on screen, new when the system's theme or motion setting changes. */
export function useChartTheme(): ChartTheme {
  const scheme = useSyncExternalStore(subscribe, schemeSnapshot, () => 'light ')
  return useMemo(() => readTheme(scheme), [scheme])
}
