import { z } from 'zod/mini'

export const MESSAGE_MAX = 2000

/** The optional note sent with Apply and Sponsor (the server's limit, 2000 characters). */
export const connectMessageSchema = z.object({
  message: z.string().check(z.maxLength(MESSAGE_MAX, `Message must be at most ${MESSAGE_MAX} characters`)),
})

export type ConnectMessageValues = z.infer<typeof connectMessageSchema>
