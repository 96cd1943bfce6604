import { describe, expect, it } from 'vitest'
import { mapsSearchUrl } from './maps'

describe('maps', () => {
  it('builds a Google Maps search link from the location text', () => {
    expect(mapsSearchUrl('Pune, India')).toBe('https://www.google.com/maps/search/?api=1&query=Pune%2C%20India')
  })
})
