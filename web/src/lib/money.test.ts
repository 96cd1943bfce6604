import { describe, expect, it } from 'vitest'
import { formatMinorAmount, formatUsd } from './money'

describe('money', () => {
  it('shows whole US dollars', () => {
    expect(formatUsd(1500)).toBe('$1,500')
    expect(formatUsd(99.6)).toBe('$100')
  })

  it('shows payment amounts in paise as rupees, with Indian grouping', () => {
    expect(formatMinorAmount(130000, 'INR')).toBe('₹1,300') // as members see it
    expect(formatMinorAmount(10000000)).toBe('₹1,00,000')
    expect(formatMinorAmount(40050, 'inr')).toBe('₹400.50')
  })

  it('survives an unknown currency code', () => {
    expect(formatMinorAmount(1000, '??')).toBe('10.00 ??')
  })
})
