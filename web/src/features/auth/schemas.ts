import { z } from 'zod/mini'

export const loginSchema = z.object({
  username: z.string().check(z.trim(), z.minLength(1, 'Username is required')),
  password: z.string().check(z.minLength(1, 'Password is required')),
})
export type LoginInput = z.infer<typeof loginSchema>

export const registerSchema = z
  .object({
    displayName: z.string().check(z.trim(), z.minLength(1, 'Display name is required')),
    username: z.string().check(z.trim(), z.minLength(3, 'Username must be at least 3 characters')),
    password: z.string().check(z.minLength(6, 'Password must be at least 6 characters')),
    confirmPassword: z.string().check(z.minLength(1, 'Please confirm your password')),
  })
  .check(
    z.refine((v) => v.password === v.confirmPassword, {
      message: "Passwords don't match",
      path: ['confirmPassword'],
    }),
  )
export type RegisterInput = z.infer<typeof registerSchema>

/** What /api/register receives: confirmPassword is removed before sending. */
export function toRegisterPayload({ displayName, username, password }: RegisterInput) {
  return { displayName, username, password }
}

/** The 'Google Sign-in Fallback' box, step 1; an empty field is the spec's 'Missing Information'. */
export const emailCodeRequestSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1, 'Email is required')),
  displayName: z
    .string()
    .check(z.trim(), z.minLength(1, 'Display name is required'), z.maxLength(80, 'Display name must be at most 80 characters')),
})
export type EmailCodeRequestInput = z.infer<typeof emailCodeRequestSchema>

/** Step 2: the code from the e-mail (its length is the server's setting, so only "present" is checked here). */
export const emailCodeSchema = z.object({
  code: z.string().check(z.trim(), z.minLength(1, 'Enter the code from the e-mail')),
})
export type EmailCodeInput = z.infer<typeof emailCodeSchema>
