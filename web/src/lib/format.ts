const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
})

/** Whole US dollars, as the listings show them. */
export function formatUsd(amount: number): string {
  return usd.format(Math.round(amount))
}

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 })

export function formatInr(amount: number): string {
  return inr.format(amount)
}

/**
 * A payment amount, stored in the currency's minor unit (paise for INR, as Razorpay counts), in
 * major units: whole amounts without paise, as members see them ("₹400"), else "₹400.50".
 */
export function formatMinorAmount(amount: number, currency = 'INR'): string {
  const code = (currency || 'INR').toUpperCase()
  try {
    const digits = amount % 100 === 0 ? 0 : 2
    return new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: code,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(amount / 100)
  } catch {
    return `${(amount / 100).toFixed(2)} ${code}`
  }
}

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
export function formatTime(date: Date): string {
  return date.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' })
}

export function formatMonthYear(iso: string | undefined): string {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'long' })
}

export function mapsSearchUrl(location: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(location)}`
}
