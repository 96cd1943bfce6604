import { z } from 'zod/mini'
import { limits, socialPlatforms } from '@/lib/limits.gen'
import { boundedText } from '@/lib/bounded-text'
import type { PublicProfile } from '@/lib/api-types.gen'
import { isCalendarDay } from '@/lib/dates'
import { isOnline, ONLINE } from '@/lib/eligibility'

export const PLATFORMS = socialPlatforms
export const MAX_LINKS = limits.socialLinks
export const BIO_MAX = limits.bio
const AVATAR_MAX_BYTES = limits.avatarBytes
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp']

const USERNAME_PATTERN = /^@?[A-Za-z0-9._\-/]+$/

const socialLink = z
  .object({
    platform: z.string(),
    username: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'Each link needs a username'),
        z.maxLength(limits.socialUsername, `Usernames must be at most ${limits.socialUsername} characters`),
      ),
    verified: z.optional(z.boolean()),
  })
  .check(
    z.superRefine((link, ctx) => {
      if (!(PLATFORMS as readonly string[]).includes(link.platform)) {
        ctx.addIssue({ code: 'custom', path: ['platform'], message: `Unknown platform: choose ${PLATFORMS.join(', ')}` })
      } else if (link.platform === 'website') {
        if (!/^https?:\/\/\S+$/i.test(link.username))
          ctx.addIssue({ code: 'custom', path: ['username'], message: 'Website must be an http:// or https:// address' })
      } else if (link.username && !USERNAME_PATTERN.test(link.username)) {
        ctx.addIssue({
          code: 'custom',
          path: ['username'],
          message: 'Usernames may only contain letters, numbers, dots, dashes, underscores, slashes and a leading @',
        })
      }
    }),
  )

/** PATCH /api/user, mirroring the server's rules. */
export const profileSchema = z
  .object({
    displayName: boundedText('Display name', limits.displayName),
    bio: z.string().check(z.maxLength(BIO_MAX, `Bio must be at most ${BIO_MAX} characters`)),
    socialMedia: z.array(socialLink).check(z.maxLength(MAX_LINKS, `At most ${MAX_LINKS} social links`)),
    /** An industry key from app-config, or "" (not stated): docs/api/packages.md, "Industries". */
    industry: z.optional(z.string()),
  })
  .check(
    z.superRefine((v, ctx) => {
      const seen = new Set<string>()
      v.socialMedia.forEach((l, i) => {
        const key = `${l.platform}:${l.username.trim().toLowerCase()}`
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['socialMedia', i, 'username'], message: 'Each link may appear only once' })
        seen.add(key)
      })
    }),
  )
export type ProfileValues = z.infer<typeof profileSchema>

export const emailSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1, 'E-mail is required'), z.email('Enter a valid e-mail address')),
})
export type EmailValues = z.infer<typeof emailSchema>

export const emailCodeSchema = z.object({
  code: z.string().check(z.trim(), z.minLength(1, 'Enter the code from the e-mail')),
})
export type EmailCodeValues = z.infer<typeof emailCodeSchema>

export const passwordSchema = z
  .object({
    currentPassword: z.string().check(z.minLength(1, 'Current password is required')),
    newPassword: z.string().check(z.minLength(6, 'Password must be at least 6 characters')),
    confirmPassword: z.string(),
  })
  .check(z.refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] }))
export type PasswordValues = z.infer<typeof passwordSchema>

/** The browser's own check before an upload; the server decides by the content. */
export function avatarFileError(file: File): string | undefined {
  if (!AVATAR_TYPES.includes(file.type)) return 'The avatar must be a JPEG, PNG, GIF or WebP image'
  if (file.size > AVATAR_MAX_BYTES) return 'The image must be at most 2 MB'
  return undefined
}

const AUDIENCE_MESSAGE = 'Audience must be a whole number from 0 to 1,000,000,000'

/** "Your events" (PATCH /api/user: docs/api/eligibility.md, "A member's events"), in the server's words. */
export const eventsSchema = z.object({
  /** Online events: the location is sent as "Online". */
  online: z.boolean(),
  city: z.string().check(z.trim(), z.maxLength(limits.eventLocation, `Location must be at most ${limits.eventLocation} characters`)),
  eventCategories: z.array(z.string()),
  nextEventDate: z.string().check(z.refine((v) => v === '' || isCalendarDay(v), 'Enter a valid date')),
  audience: z.string().check(
    z.trim(),
    z.refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) <= limits.audience), AUDIENCE_MESSAGE),
  ),
})
export type EventsValues = z.infer<typeof eventsSchema>

/** The member's events as the card holds them. */
export function eventsValuesOf(user: PublicProfile): EventsValues {
  const location = user.eventLocation ?? ''
  return {
    online: isOnline(location),
    city: isOnline(location) ? '' : location,
    eventCategories: user.eventCategories ?? [],
    nextEventDate: user.nextEventDate ?? '',
    audience: user.audience ? String(user.audience) : '',
  }
}

/** The card's PATCH /api/user body: every field, so a cleared one is cleared. */
export function toEventsPatch(v: EventsValues) {
  return {
    eventLocation: v.online ? ONLINE : v.city.trim(),
    eventCategories: v.eventCategories,
    nextEventDate: v.nextEventDate,
    audience: v.audience.trim() === '' ? 0 : Number(v.audience),
  }
}
