import type { ReactNode } from 'react'
import { FigureSource } from '@/components/ui/Provenance'
import { formatDate } from '@/lib/dates'
import type { Kit } from '@/lib/api-types.gen'

const count = new Intl.NumberFormat()

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="break-inside-avoid">
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** One row of a list: what it is, its number, and where the number came from. */
function Row({ name, value, source }: { name: ReactNode; value: ReactNode; source: ReactNode }) {
  return (
    <li className="flex flex-col gap-1 border-b border-base-300 py-2.5 last:border-b-0 sm:flex-row sm:items-center sm:justify-between">
      <span className="min-w-0 break-words">{name}</span>
      <span className="flex flex-wrap items-center gap-2 sm:justify-end">
        <span className="font-semibold tabular-nums">{value}</span>
        {source}
      </span>
    </li>
  )
}

/** The figures a member states in their kit, each with its provenance, date and evidence (the public page). */
export function KitFigures({ kit }: { kit: Kit }) {
  return (
    <>
      <Part id="kit-audience" title="Audience">
        {kit.audience && kit.audience.value > 0 ? (
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="text-3xl font-bold tabular-nums" data-testid="kit-audience">
              {count.format(kit.audience.value)}
            </span>
            <FigureSource figure={kit.audience} />
          </div>
        ) : (
          <p className="mt-1 text-sm text-base-content/75">Not stated.</p>
        )}
        <p className="mt-1 text-xs text-base-content/75">Expected attendance or reach of an event.</p>
      </Part>
      {kit.segments.length > 0 && (
        <Part id="kit-segments" title="Audience segments">
          <ul>
            {kit.segments.map((s) => (
              <Row key={s.id} name={s.label} value={`${s.share.value}%`} source={<FigureSource figure={s.share} />} />
            ))}
          </ul>
        </Part>
      )}
      {kit.channels.length > 0 && (
        <Part id="kit-channels" title="Channels">
          <ul>
            {kit.channels.map((c) => (
              <Row
                key={c.id}
                name={
                  c.url ? (
                    <a href={c.url} target="_blank" rel="noopener noreferrer nofollow" className="link link-primary">
                      {c.name}
                    </a>
                  ) : (
                    c.name
                  )
                }
                value={`${count.format(c.followers.value)} followers`}
                source={<FigureSource figure={c.followers} />}
              />
            ))}
          </ul>
        </Part>
      )}
      {kit.pastEvents.length > 0 && (
        <Part id="kit-past-events" title="Past events">
          <ul>
            {kit.pastEvents.map((e) => (
              <Row
                key={e.id}
                name={
                  <>
                    {e.name} <span className="text-sm text-base-content/75">· {formatDate(e.date, 'UTC')}</span>
                  </>
                }
                value={`${count.format(e.attendance.value)} attended`}
                source={<FigureSource figure={e.attendance} />}
              />
            ))}
          </ul>
        </Part>
      )}
    </>
  )
}
