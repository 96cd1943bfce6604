import { describe, expect, it } from 'vitest'
import { formatMinorAmount } from './money'

describe('formatMinorAmount', () => {
  it('shows paise as rupees', () => {
    expect(formatMinorAmount(130000, 'INR')).toBe('₹1,300') // as members see it
    expect(formatMinorAmount(40050, 'inr')).toBe('₹400.50')
  })
  it('survives an unknown currency code', () => {
    expect(formatMinorAmount(1000, '??')).toBe('10.00 ??')
  })
})
