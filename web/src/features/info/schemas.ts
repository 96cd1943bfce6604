import { z } from 'zod/mini'

/** The contact form; the server's messages (docs/api/admin.md, POST /api/contact). */
export const contactSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(100, 'Name must be at most 100 characters')),
  email: z.string().check(
    z.trim(),
    z.minLength(1, 'Email is required'),
    z.refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'Please enter a valid email address'),
  ),
  subject: z.string().check(z.trim(), z.maxLength(200, 'Subject must be at most 200 characters')),
  message: z.string().check(z.trim(), z.minLength(1, 'Message is required'), z.maxLength(5000, 'Message must be at most 5000 characters')),
})

export type ContactInput = z.infer<typeof contactSchema>

export const emptyContact: ContactInput = { name: '', email: '', subject: '', message: '' }
