import { z } from 'zod/mini'
import { limits } from '@/lib/limits.gen'
import { boundedText } from '@/lib/bounded-text'

export const loginSchema = z.object({
  username: z.string().check(z.trim(), z.minLength(1, 'Username is required')),
  password: z.string().check(z.minLength(1, 'Password is required')),
})
export type LoginInput = z.infer<typeof loginSchema>

/** An optional address: empty, or one the server will mail a code to. */
const optionalEmail = z.string().check(
  z.trim(),
  z.refine((v) => v === '' || z.email().safeParse(v).success, 'Enter a valid e-mail address'),
)

export const registerSchema = z
  .object({
    displayName: z.string().check(z.trim(), z.minLength(1, 'Display name is required')),
    username: z.string().check(z.trim(), z.minLength(3, 'Username must be at least 3 characters')),
    email: optionalEmail,
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

/** What /api/register receives: confirmPassword is removed before sending, an empty e-mail too. */
export function toRegisterPayload({ displayName, username, email, password }: RegisterInput) {
  return email ? { displayName, username, email, password } : { displayName, username, password }
}

/** The 'Google Sign-in Fallback' box, step 1; an empty field is the spec's 'Missing Information'. */
export const emailCodeRequestSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1, 'Email is required')),
  displayName: boundedText('Display name', limits.displayName),
})
export type EmailCodeRequestInput = z.infer<typeof emailCodeRequestSchema>

/** Step 2: the code from the e-mail (its length is the server's setting, so only "present" is checked here). */
export const emailCodeSchema = z.object({
  code: z.string().check(z.trim(), z.minLength(1, 'Enter the code from the e-mail')),
})
export type EmailCodeInput = z.infer<typeof emailCodeSchema>

/** "Forgot password?", step 1: the account by its username or e-mail address. */
export const resetRequestSchema = z.object({
  login: z.string().check(z.trim(), z.minLength(1, 'Enter your username or e-mail address')),
})
export type ResetRequestInput = z.infer<typeof resetRequestSchema>

/** Step 2: the code from the e-mail and the new password (twice). */
export const resetConfirmSchema = z
  .object({
    code: z.string().check(z.trim(), z.minLength(1, 'Enter the code from the e-mail')),
    password: z.string().check(z.minLength(6, 'Password must be at least 6 characters')),
    confirmPassword: z.string().check(z.minLength(1, 'Please confirm your password')),
  })
  .check(z.refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] }))
export type ResetConfirmInput = z.infer<typeof resetConfirmSchema>
