// Every amount the app shows goes through these helpers (the server writes the same shapes:
// pb/internal/money).

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

const usdCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** US dollars with cents, for a rate (an impact report's cost per attendee: "$0.42"). */
export function formatUsdCents(amount: number): string {
  return usdCents.format(amount)
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
