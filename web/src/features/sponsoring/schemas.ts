import { z } from 'zod/mini'
import { limits } from '@/lib/limits.gen'

export const MESSAGE_MAX = limits.applicationMessage

/** The optional note sent with Apply and Sponsor (the server's limit). */
export const connectMessageSchema = z.object({
  message: z.string().check(z.maxLength(MESSAGE_MAX, `Message must be at most ${MESSAGE_MAX} characters`)),
})

export type ConnectMessageValues = z.infer<typeof connectMessageSchema>
