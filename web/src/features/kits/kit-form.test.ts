import { describe, expect, it } from 'vitest'
import type { Kit } from '@/lib/api-types.gen'
import { formValues, kitBody } from './kit-form'

const file = { id: 'f1', kind: 'picture' as const, name: 'tickets.png', url: '/api/evidence/f1' }
const measured = (value: number) => ({ value, provenance: 'measured' as const, asOf: '2026-12-01', stale: false, evidence: null })

const kit: Kit = {
  owner: { id: 'u1', username: 'priya', displayName: 'Priya', avatar: '', isVerified: false, deleted: false },
  headline: 'Fest',
  audience: { value: 1200, provenance: 'evidenced', asOf: '2026-11-01', stale: false, evidence: file },
  segments: [{ id: 's1', label: 'Students', share: { value: 60, provenance: 'self', asOf: '2026-11-02', stale: false, evidence: null } }],
  channels: [
    {
      id: 'c1',
      name: 'Instagram',
      url: 'https://instagram.com/x',
      followers: { ...measured(5400), provenance: 'evidenced', evidence: file },
    },
  ],
  pastEvents: [{ id: 'e1', name: 'Fest 2025', date: '2025-03-01', attendance: { ...measured(900), provenance: 'self' } }],
  measured: { deals: measured(1), amountReceived: measured(100), onTimeShare: null, reachLargest: measured(0), reachTotal: measured(0) },
  pastSponsors: [],
  published: false,
  publishedAt: '',
  updatedAt: '',
}

describe('the kit form', () => {
  it('sends back what it was given: numbers as numbers, each evidence by its id', () => {
    expect(kitBody(formValues(kit))).toEqual({
      headline: 'Fest',
      audience: { value: 1200, asOf: '2026-11-01', evidence: 'f1' },
      audienceMeasured: false,
      segments: [{ label: 'Students', share: 60, asOf: '2026-11-02', evidence: '' }],
      channels: [{ name: 'Instagram', url: 'https://instagram.com/x', followers: 5400, asOf: '2026-12-01', evidence: 'f1' }],
      pastEvents: [{ name: 'Fest 2025', date: '2025-03-01', attendance: 900, asOf: '2026-12-01', evidence: '' }],
    })
  })

  it('reads a measured audience as "Use my measured reach", the typed field left empty', () => {
    const values = formValues({ ...kit, audience: measured(850) })
    expect(values.audienceMeasured).toBe(true)
    expect(values.audience).toEqual({ value: '', asOf: '', evidence: null })
  })
})
