import type { ImpactReport as Report } from '@/lib/api-types.gen'
import { MeasuredTag, Section } from './Section'
import { reportTexts } from './texts'

/** The deal's proof pictures, a grid (two a row on paper); each opens whole in a new tab. */
export function PhotosSection({ report }: { report: Report }) {
  const titleOf = new Map(report.deliverables.filter((d) => d.proofPicture).map((d) => [d.proofPicture, d.title]))
  return (
    <Section title={reportTexts.photos} aside={<MeasuredTag />} testId="report-photos">
      {report.photos.length === 0 ? (
        <p className="text-sm text-base-content/75">{reportTexts.noPhotos}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 print:grid-cols-2">
          {report.photos.map((p, i) => {
            const alt = titleOf.has(p.id) ? `Proof for “${titleOf.get(p.id)}”` : `Photo ${i + 1}`
            return (
              <li key={p.id} className="break-inside-avoid">
                <a href={p.url} target="_blank" rel="noopener" className="block rounded-box">
                  <img
                    src={p.url}
                    alt={alt}
                    loading="lazy"
                    decoding="async"
                    width={320}
                    height={240}
                    className="aspect-[4/3] w-full rounded-box border border-base-300 bg-base-200 object-cover"
                  />
                </a>
              </li>
            )
          })}
        </ul>
      )}
    </Section>
  )
}
