import type { AudienceFigure } from '@/lib/api-types.gen'
import { provenanceWords } from '@/lib/provenance'

/** A request's poster's audience in one small line, with where the figure came from: "Audience 1,200 · Measured". */
export function PosterAudience({ audience }: { audience: AudienceFigure | null | undefined }) {
  if (!audience) return null
  const { label, meaning } = provenanceWords[audience.provenance]
  return (
    <p className="-mt-2 text-xs text-base-content/75" data-testid="poster-audience">
      Audience {audience.value.toLocaleString('en-US')} · <span title={meaning}>{label}</span>
    </p>
  )
}
