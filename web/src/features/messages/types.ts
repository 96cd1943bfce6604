import { limits } from '@/lib/limits.gen'

/** The longest message body the server takes (docs/api/sponsoring-and-messages.md). */
export const BODY_MAX = limits.messageBody
