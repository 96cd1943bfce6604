import { z } from 'zod/mini'
import { limits } from '@/lib/api-types.gen'

/** The contact form; the server's messages (docs/api/admin.md, POST /api/contact). */
export const contactSchema = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Name is required'),
      z.maxLength(limits.contactName, `Name must be at most ${limits.contactName} characters`),
    ),
  email: z.string().check(
    z.trim(),
    z.minLength(1, 'Email is required'),
    z.refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'Please enter a valid email address'),
  ),
  subject: z.string().check(z.trim(), z.maxLength(limits.contactSubject, `Subject must be at most ${limits.contactSubject} characters`)),
  message: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Message is required'),
      z.maxLength(limits.contactMessage, `Message must be at most ${limits.contactMessage} characters`),
    ),
})

export type ContactInput = z.infer<typeof contactSchema>

export const emptyContact: ContactInput = { name: '', email: '', subject: '', message: '' }
