// Every date and time the app shows goes through these helpers: the member's locale (the
// browser's) and, for instants, the member's time zone. (The server writes UTC and says so.)

function parse(iso: string | undefined): Date | null {
  if (!iso) return null
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? null : date
}

/** A calendar date ("Nov 22, 2026"); event dates are stored at midnight UTC, so pass 'UTC' for them. */
export function formatDate(iso: string | undefined, timeZone?: string): string {
  return parse(iso)?.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric', timeZone }) ?? ''
}

/** An instant to the minute in the member's zone ("Nov 24, 2026, 1:02 PM"). */
export function formatDateTime(iso: string | undefined): string {
  return (
    parse(iso)?.toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }) ?? ''
  )
}

/** A time of day ("1:02 PM"). */
function formatTime(date: Date): string {
  return date.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' })
}

/** A month and day without the year ("Nov 22"), in the member's zone. */
function formatMonthDay(date: Date): string {
  return date.toLocaleDateString(undefined, { month: 'short', day: 'numeric' })
}

/** The calendar day (UTC) of an instant, as a date input holds it ("2026-11-22"). */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10)
}

/** Whether v is a calendar day as a date input writes it ("2026-11-22"). */
export function isCalendarDay(v: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))
}

/** A month and year ("November 2026"). */
export function formatMonthYear(iso: string | undefined): string {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'long' })
}

/** A month as the server keys it ("2026-03", Asia/Kolkata's calendar) in short words ("Mar 2026"). */
export function formatMonthKey(month: string): string {
  const [y, m] = month.split('-').map(Number)
  if (!y || !m) return month
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString(undefined, { year: 'numeric', month: 'short', timeZone: 'UTC' })
}

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
  return `${formatMonthDay(date)}, ${time}`
}
