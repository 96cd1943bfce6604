/** The longest message body the server takes (docs/api-5.md). */
export const BODY_MAX = 4000
