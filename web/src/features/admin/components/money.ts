/** Payment amounts are stored in the currency's minor unit (paise for INR): shown in major units. */
export function formatMinorAmount(amount: number, currency: string): string {
  const code = (currency || 'INR').toUpperCase()
  try {
    // whole amounts without paise, as members see them ("₹400")
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
