import type { EvidenceFile, EvidenceRef, Provenance, ReportFigure } from '@/lib/api-types.gen'

/*
 * The report names its files and provenances as plain strings (reports.EvidenceRef, ReportFigure's
 * provenance): they are the evidence files and provenances of docs/api/proof-of-value.md, which the
 * badge and the uploader take typed. Read here once.
 */

export function evidenceOf(ref: EvidenceRef | null): EvidenceFile | null {
  return ref && { ...ref, kind: ref.kind === 'pdf' ? 'pdf' : 'picture' }
}

export function sourceOf(f: ReportFigure): { provenance: Provenance; asOf: string; stale: boolean; evidence: EvidenceFile | null } {
  const provenance: Provenance = f.provenance === 'measured' || f.provenance === 'evidenced' ? f.provenance : 'self'
  return { provenance, asOf: f.asOf, stale: f.stale, evidence: evidenceOf(f.evidence) }
}
