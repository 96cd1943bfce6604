import type { EvidenceFile, Figure, Kit, KitInput } from '@/lib/api-types.gen'

/** What every row of the kit (and the audience) says of itself besides its value: when it was true, and its evidence. */
interface Dated {
  asOf: string
  evidence: EvidenceFile | null
}

/**
 * The kit editor's values: the body's shape (so the server's field keys, `segments.2.share`, are the
 * form's paths), numbers as the inputs hold them, and each evidence as the stored file (to show it).
 */
export interface KitFormValues {
  headline: string
  audience: { value: string } & Dated
  audienceMeasured: boolean
  segments: ({ label: string; share: string } & Dated)[]
  channels: ({ name: string; url: string; followers: string } & Dated)[]
  pastEvents: ({ name: string; date: string; attendance: string } & Dated)[]
}

export type KitList = 'segments' | 'channels' | 'pastEvents'

/** A figure's number as its input holds it, and its date and evidence. */
const figure = (f: Figure) => ({ value: String(f.value), asOf: f.asOf, evidence: f.evidence })

/** The form's values from the kit as saved. A measured audience keeps the typed field empty. */
export function formValues(kit: Kit): KitFormValues {
  const audience = kit.audience
  const measured = audience?.provenance === 'measured'
  return {
    headline: kit.headline,
    audience: audience && !measured && audience.value > 0 ? figure(audience) : { value: '', asOf: '', evidence: null },
    audienceMeasured: measured,
    segments: kit.segments.map((s) => {
      const { value, ...rest } = figure(s.share)
      return { label: s.label, share: value, ...rest }
    }),
    channels: kit.channels.map((c) => {
      const { value, ...rest } = figure(c.followers)
      return { name: c.name, url: c.url, followers: value, ...rest }
    }),
    pastEvents: kit.pastEvents.map((e) => {
      const { value, ...rest } = figure(e.attendance)
      return { name: e.name, date: e.date, attendance: value, ...rest }
    }),
  }
}

/** A new empty row of each list. */
export const emptyRow = {
  segments: (): KitFormValues['segments'][number] => ({ label: '', share: '', asOf: '', evidence: null }),
  channels: (): KitFormValues['channels'][number] => ({ name: '', url: '', followers: '', asOf: '', evidence: null }),
  pastEvents: (): KitFormValues['pastEvents'][number] => ({ name: '', date: '', attendance: '', asOf: '', evidence: null }),
}

/** A number as typed: empty is 0, anything else goes as typed for the server to judge. */
const num = (v: string) => (v.trim() === '' ? 0 : Number(v))
const dated = (row: Dated) => ({ asOf: row.asOf, evidence: row.evidence?.id ?? '' })

/** PUT /api/user/kit's body from the form (an empty `asOf` is "today" to the server). */
export function kitBody(v: KitFormValues): KitInput {
  return {
    headline: v.headline.trim(),
    audience: { value: num(v.audience.value), ...dated(v.audience) },
    audienceMeasured: v.audienceMeasured,
    segments: v.segments.map((s) => ({ label: s.label.trim(), share: num(s.share), ...dated(s) })),
    channels: v.channels.map((c) => ({ name: c.name.trim(), url: c.url.trim(), followers: num(c.followers), ...dated(c) })),
    pastEvents: v.pastEvents.map((e) => ({ name: e.name.trim(), date: e.date, attendance: num(e.attendance), ...dated(e) })),
  }
}
