import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { z } from 'zod/mini'
import { ApiError } from '@/lib/api'
import { tierLimits } from '@/lib/tier-limits'
import type { Packaged, Tier } from '@/lib/tiers'

/**
 * The request form's Packages section (docs/api/packages.md, "Tiers on a request"): the form's fields
 * are named as the server's, so its field errors (`tiers.0.name`, `tiers.1.benefits.0.title`) land on
 * the field they name. The server checks everything; the form checks what a poster would otherwise
 * wait for, in the server's words.
 */

const wholeDollars = 'Price must be a whole number of dollars'
const quantityMessage = 'Quantity must be between 1 and 50, or 0 for unlimited'
const holdMessage = 'Hold must be between 1 and 30 days'

const benefitSchema = z.object({
  title: z.string().check(z.trim(), z.minLength(1, 'Benefit is required')),
  due: z.string(),
})

const tierSchema = z
  .object({
    /** The stored tier's id on an edit; "" for a new one. */
    id: z.string(),
    name: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'Package name is required'),
        z.maxLength(tierLimits.name, `Package name must be at most ${tierLimits.name} characters`),
      ),
    price: z.string().check(
      z.trim(),
      z.refine((v) => /^\d+$/.test(v), wholeDollars),
      z.refine((v) => !/^\d+$/.test(v) || Number(v) >= 1, 'Price must be at least 1'),
    ),
    unlimited: z.boolean(),
    quantity: z.string(),
    benefits: z
      .array(benefitSchema)
      .check(
        z.minLength(1, 'Add at least one benefit'),
        z.maxLength(tierLimits.benefits, `A package has at most ${tierLimits.benefits} benefits`),
      ),
    saleStart: z.string(),
    saleEnd: z.string(),
    exclusive: z.boolean(),
  })
  .check(
    z.refine(
      (t) => t.unlimited || (/^\d+$/.test(t.quantity.trim()) && Number(t.quantity) >= 1 && Number(t.quantity) <= tierLimits.quantity),
      {
        message: quantityMessage,
        path: ['quantity'],
      },
    ),
    z.refine((t) => !t.saleStart || !t.saleEnd || t.saleEnd >= t.saleStart, {
      message: 'The sale cannot end before it starts',
      path: ['saleEnd'],
    }),
  )

export const packagesSchema = {
  tiers: z.array(tierSchema).check(
    z.maxLength(tierLimits.tiers, `A request has at most ${tierLimits.tiers} packages`),
    z.refine(
      (tiers) => new Set(tiers.map((t) => t.name.trim().toLowerCase())).size === tiers.length,
      'Two packages cannot have the same name',
    ),
  ),
  anyAmount: z.boolean(),
  holdDays: z
    .string()
    .check(
      z.refine((v) => /^\d+$/.test(v.trim()) && Number(v) >= tierLimits.holdDaysMin && Number(v) <= tierLimits.holdDaysMax, holdMessage),
    ),
  clashingIndustries: z.array(z.string()),
}

type PackagesInput = z.input<ReturnType<typeof z.object<typeof packagesSchema>>>
type TierInput = PackagesInput['tiers'][number]

export const newTier = (): TierInput => ({
  id: '',
  name: '',
  price: '',
  unlimited: false,
  quantity: '1',
  benefits: [{ title: '', due: '' }],
  saleStart: '',
  saleEnd: '',
  exclusive: false,
})

export const newBenefit = () => ({ title: '', due: '' })

export const emptyPackages: PackagesInput = {
  tiers: [],
  anyAmount: true,
  holdDays: String(tierLimits.holdDaysDefault),
  clashingIndustries: [],
}

const day = (iso: string | undefined) => (iso ? iso.slice(0, 10) : '')

/** A request's stored packages as the form holds them (the edit form). */
export function packagesValuesOf(item: Packaged): PackagesInput {
  return {
    tiers: (item.tiers ?? []).map((t) => ({
      id: t.id,
      name: t.name,
      price: String(t.price),
      unlimited: t.quantity === 0,
      quantity: t.quantity === 0 ? '1' : String(t.quantity),
      benefits: t.benefits.map((b) => ({ title: b.title, due: day(b.due) })),
      saleStart: day(t.saleStart),
      saleEnd: day(t.saleEnd),
      exclusive: t.exclusive,
    })),
    anyAmount: item.anyAmount ?? true,
    holdDays: String(item.holdDays ?? tierLimits.holdDaysDefault),
    clashingIndustries: item.clashingIndustries ?? [],
  }
}

/**
 * The body's packages fields. A tier someone holds keeps its stored price, benefits and exclusivity
 * (their inputs are disabled, and a disabled input has no value in the form's answer).
 */
export function toPackagesPayload(v: PackagesInput, stored: readonly Tier[] = []) {
  return {
    tiers: v.tiers.map((t) => {
      const held = stored.find((s) => s.id === t.id && s.taken > 0)
      const benefits = t.benefits.map((b) => ({ title: b.title.trim(), due: b.due }))
      return {
        ...(t.id ? { id: t.id } : {}),
        name: t.name.trim(),
        price: held ? held.price : Number(t.price),
        quantity: t.unlimited ? 0 : Number(t.quantity),
        benefits: held ? held.benefits : benefits,
        ...(t.saleStart ? { saleStart: t.saleStart } : {}),
        ...(t.saleEnd ? { saleEnd: t.saleEnd } : {}),
        exclusive: held ? held.exclusive : t.exclusive,
      }
    }),
    anyAmount: v.anyAmount,
    holdDays: Number(v.holdDays),
    clashingIndustries: v.clashingIndustries,
  }
}

const tierField = /^tiers\.\d+\.(name|price|quantity|benefits|saleStart|saleEnd|exclusive|benefits\.\d+\.(title|due))$/
const sectionFields = new Set(['anyAmount', 'holdDays', 'clashingIndustries'])

/**
 * Where each of the server's packages field errors goes on the form: a tier's field by its key, the
 * list's own error (`tiers`: too many) on the list's root. Other keys are not the section's.
 */
export function packagesFieldErrors(error: unknown): [path: string, message: string][] {
  if (!(error instanceof ApiError)) return []
  const out: [string, string][] = []
  for (const [key, message] of Object.entries(error.fieldErrors)) {
    if (key === 'tiers') out.push(['tiers.root', message])
    else if (tierField.test(key) || sectionFields.has(key)) out.push([key, message])
  }
  return out
}

/** Puts the server's packages field errors on the form (the first takes focus unless `focus` is false). */
export function applyPackagesErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, focus = true): number {
  const found = packagesFieldErrors(error)
  found.forEach(([path, message], n) => setError(path as Path<T>, { type: 'server', message }, { shouldFocus: focus && n === 0 }))
  return found.length
}
