import type { EvidenceFile, Kit, KitBody } from '@/lib/proof-of-value.tmp'

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

const dated = (row: { asOf: string; evidence: EvidenceFile | null }): Dated => ({ asOf: row.asOf, evidence: row.evidence })
const numberText = (n: number) => String(n)

/** The form's values from the kit as saved. A measured audience keeps the number last typed out of the form. */
export function formValues(kit: Kit): KitFormValues {
  const audience = kit.audience
  const typed = audience && audience.provenance !== 'measured' && audience.value > 0
  return {
    headline: kit.headline,
    audience: typed ? { value: numberText(audience.value), ...dated(audience) } : { value: '', asOf: '', evidence: null },
    audienceMeasured: kit.audienceMeasured,
    segments: kit.segments.map((s) => ({ label: s.label, share: numberText(s.share), ...dated(s) })),
    channels: kit.channels.map((c) => ({ name: c.name, url: c.url, followers: numberText(c.followers), ...dated(c) })),
    pastEvents: kit.pastEvents.map((e) => ({ name: e.name, date: e.date, attendance: numberText(e.attendance), ...dated(e) })),
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
const datedBody = (row: Dated) => ({ asOf: row.asOf, evidence: row.evidence?.id ?? '' })

/** PUT /api/user/kit's body from the form (an empty `asOf` is "today" to the server). */
export function kitBody(v: KitFormValues): KitBody {
  return {
    headline: v.headline.trim(),
    audience: { value: num(v.audience.value), ...datedBody(v.audience) },
    audienceMeasured: v.audienceMeasured,
    segments: v.segments.map((s) => ({ label: s.label.trim(), share: num(s.share), ...datedBody(s) })),
    channels: v.channels.map((c) => ({ name: c.name.trim(), url: c.url.trim(), followers: num(c.followers), ...datedBody(c) })),
    pastEvents: v.pastEvents.map((e) => ({ name: e.name.trim(), date: e.date, attendance: num(e.attendance), ...datedBody(e) })),
  }
}
