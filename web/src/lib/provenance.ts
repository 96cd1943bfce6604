import type { Provenance } from './api-types.gen'

/**
 * Where a figure came from, in the product's words (docs/api/proof-of-value.md): the word and what it
 * means. The badge (components/ui/Provenance.tsx) and the cards' one-line figures read these.
 */
export const provenanceWords: Record<Provenance, { label: string; meaning: string }> = {
  self: { label: 'Self-reported', meaning: 'Typed in by the member, nothing attached' },
  evidenced: { label: 'Evidenced', meaning: 'Typed in by the member, with a file attached' },
  measured: { label: 'Measured', meaning: 'Computed by SponsorBridge from completed deals' },
}
