import type { ReactNode, SVGProps } from 'react'
import { formatDate } from '@/lib/dates'
import { provenanceWords } from '@/lib/provenance'
import type { EvidenceFile, Provenance } from '@/lib/api-types.gen'

// Where a figure came from (docs/api/proof-of-value.md): each provenance has its own word, icon and
// colour. The colour tints the icon, border and background only: the words stay base-content, so they
// read in both themes whatever the tint.
const look: Record<Provenance, { tint: string; icon: (p: SVGProps<SVGSVGElement>) => ReactNode }> = {
  self: {
    tint: 'border-base-300 bg-base-200 [&>svg]:text-base-content/70',
    icon: (p) => (
      <svg {...p}>
        <path d="M4 20h4L19 9l-4-4L4 16Z" />
        <path d="m13.5 6.5 4 4" />
      </svg>
    ),
  },
  evidenced: {
    tint: 'border-info/50 bg-info/10 [&>svg]:text-info',
    icon: (p) => (
      <svg {...p}>
        <path d="m20 11.5-8.1 8.1a5 5 0 0 1-7.1-7.1l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4L15 6.9" />
      </svg>
    ),
  },
  measured: {
    tint: 'border-success/50 bg-success/10 [&>svg]:text-success',
    icon: (p) => (
      <svg {...p}>
        <path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6Z" />
        <path d="m8.5 12 2.5 2.5 4.5-5" />
      </svg>
    ),
  },
}

const iconProps: SVGProps<SVGSVGElement> = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
  className: 'size-3.5 shrink-0',
}

/** A small badge saying where a figure came from, its icon and colour its own, its meaning in the tooltip. */
export function ProvenanceBadge({ provenance, className = '' }: { provenance: Provenance; className?: string }) {
  const { tint, icon } = look[provenance]
  const { label, meaning } = provenanceWords[provenance]
  return (
    <span
      className={`badge badge-sm gap-1 border font-medium whitespace-nowrap text-base-content ${tint} ${className}`}
      title={meaning}
      data-provenance={provenance}
    >
      {icon(iconProps)}
      <span className="sr-only">Source: </span>
      {label}
    </span>
  )
}

/**
 * "as of {date}", or for a member's figure older than 180 days (the server's `stale`) "Stale: as of
 * {date}" marked as a warning. A measured figure is never stale.
 */
export function AsOf({ asOf, stale }: { asOf: string; stale: boolean }) {
  if (!asOf) return null
  const date = formatDate(asOf, 'UTC')
  if (stale) {
    return (
      <span
        className="badge badge-sm gap-1 border border-warning bg-warning/20 font-medium whitespace-nowrap text-base-content"
        data-testid="stale"
      >
        <svg {...iconProps}>
          <circle cx="12" cy="12" r="9" />
          <path d="M12 7v5l3 2" />
        </svg>
        Stale: as of {date}
      </span>
    )
  }
  return <span className="text-xs whitespace-nowrap text-base-content/75">as of {date}</span>
}

/** A link to a figure's evidence file (a picture opens in a new tab, a PDF downloads). */
export function EvidenceLink({ evidence }: { evidence: EvidenceFile }) {
  return (
    <a
      href={evidence.url}
      target="_blank"
      rel="noopener"
      className="link link-primary inline-flex items-center gap-1 text-xs"
      aria-label={`Evidence: ${evidence.name} (opens in a new tab)`}
    >
      <svg {...iconProps}>
        <path d="M14 3H6v18h12V7Z" />
        <path d="M14 3v4h4" />
      </svg>
      Evidence
    </a>
  )
}

/** Everything a figure says of itself: its provenance, its date (stale or not) and its evidence. */
export function FigureSource({
  figure,
  className = '',
}: {
  figure: { provenance: Provenance; asOf: string; stale: boolean; evidence: EvidenceFile | null }
  className?: string
}) {
  return (
    <span className={`inline-flex flex-wrap items-center gap-x-2 gap-y-1 ${className}`}>
      <ProvenanceBadge provenance={figure.provenance} />
      <AsOf asOf={figure.asOf} stale={figure.stale && figure.provenance !== 'measured'} />
      {figure.evidence && <EvidenceLink evidence={figure.evidence} />}
    </span>
  )
}
