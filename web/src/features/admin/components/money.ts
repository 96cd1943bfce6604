/** Payment amounts are stored in the currency's minor unit (paise for INR): shown in major units. */
export function formatMinorAmount(amount: number, currency: string): string {
  const code = (currency || 'INR').toUpperCase()
  try {
    return new Intl.NumberFormat('en-IN', { style: 'currency', currency: code }).format(amount / 100)
  } catch {
    return `${(amount / 100).toFixed(2)} ${code}`
  }
}
