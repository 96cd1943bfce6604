import { formatDate, formatTime } from '@/lib/format'

const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' })

const steps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
]

/** "just now", "5 minutes ago", "yesterday"; a date after a week. */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso)
  if (!iso || Number.isNaN(date.getTime())) return ''
  let value = (date.getTime() - now.getTime()) / 1000
  if (Math.abs(value) < 45) return 'just now'
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) return rtf.format(Math.round(value), unit)
    value /= size
  }
  return formatDate(iso)
}

/** The time of day of a message, with the date when it is not today. */
export function messageTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  const time = formatTime(date)
  if (date.toDateString() === now.toDateString()) return time
  return `${date.toLocaleDateString(undefined, { month: 'short', day: 'numeric' })}, ${time}`
}

export function badgeCount(n: number): string {
  return n > 99 ? '99+' : String(n)
}
