import { z } from 'zod/mini'
import { limits } from '@/lib/limits.gen'
import { boundedText } from '@/lib/bounded-text'

/** The contact form; the server's messages (docs/api/admin.md, POST /api/contact). */
export const contactSchema = z.object({
  name: boundedText('Name', limits.contactName),
  email: z.string().check(
    z.trim(),
    z.minLength(1, 'Email is required'),
    z.refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'Please enter a valid email address'),
  ),
  subject: boundedText('Subject', limits.contactSubject, { required: false }),
  message: boundedText('Message', limits.contactMessage),
})

export type ContactInput = z.infer<typeof contactSchema>

export const emptyContact: ContactInput = { name: '', email: '', subject: '', message: '' }
