import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Button } from '@/components/ui/Button'
import { TextField } from '@/components/ui/Field'
import { ApiError, errorMessage } from '@/lib/api'
import { limits } from '@/lib/limits.gen'
import { toast } from '@/lib/toast'
import { useRequestEmailCode, type EmailCodeSent } from '../api/request-email-code'
import { useVerifyEmailCode } from '../api/verify-email-code'
import { MANUAL_FAILED_TITLE } from '../google/messages'
import { emailCodeSchema, type EmailCodeInput, type EmailCodeRequestInput } from '../schemas'

/** How long 'Send the code again' waits; the server mails each code at most twice (docs/api/sign-in.md). */
const RESEND_COOLDOWN_S = 30

/** Codes that cannot work any more: the box goes back to step 1 (inputs kept). */
const SPENT_CODES = new Set(['validation_code_expired', 'validation_code_used', 'validation_code_unknown'])

interface EmailCodeVerifyStepProps {
  sent: EmailCodeSent
  request: EmailCodeRequestInput
  onResent: (answer: EmailCodeSent) => void
  onRestart: () => void
  onSignedIn: () => void
}

function useCountdown(from: number, key: unknown): number {
  const [left, setLeft] = useState(from)
  const [lastKey, setLastKey] = useState(key)
  if (key !== lastKey) {
    setLastKey(key)
    setLeft(from)
  }
  useEffect(() => {
    if (left <= 0) return
    const timer = window.setTimeout(() => setLeft((n) => n - 1), 1000)
    return () => window.clearTimeout(timer)
  }, [left])
  return left
}

/** Step 2 of the fallback box: the code from the e-mail signs in or creates the account. */
export function EmailCodeVerifyStep({ sent, request, onResent, onRestart, onSignedIn }: EmailCodeVerifyStepProps) {
  const verify = useVerifyEmailCode()
  const resend = useRequestEmailCode()
  const form = useForm<EmailCodeInput>({ resolver: zodResolver(emailCodeSchema), defaultValues: { code: '' } })
  const { errors } = form.formState
  const cooldown = useCountdown(RESEND_COOLDOWN_S, sent.otpId)

  const fail = (error: unknown) => toast({ title: MANUAL_FAILED_TITLE, description: errorMessage(error), variant: 'destructive' })

  const onSubmit = form.handleSubmit(({ code }) =>
    verify.mutate(
      { otpId: sent.otpId, code, displayName: request.displayName },
      {
        onSuccess: (user) => {
          toast({ title: `Welcome ${user.displayName}!`, variant: 'success' })
          onSignedIn()
        },
        onError: (error) => {
          fail(error)
          if (!(error instanceof ApiError)) return
          const spent = SPENT_CODES.has(error.fieldCodes.code ?? '') || error.status === 429
          if (spent) onRestart()
          else if (error.fieldErrors.code) form.setError('code', { type: 'server', message: error.fieldErrors.code }, { shouldFocus: true })
        },
      },
    ),
  )

  const sendAgain = () =>
    resend.mutate(request, {
      onSuccess: (answer) => {
        form.reset({ code: '' })
        onResent(answer)
        toast({ title: 'Code sent', description: `Check ${answer.email}: the newest e-mail has your code.`, variant: 'success' })
      },
      onError: fail,
    })

  return (
    <form onSubmit={onSubmit} noValidate>
      <TextField
        label="Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={limits.codeDigits}
        autoFocus
        hint={`The ${limits.codeDigits}-digit code from the e-mail. It is valid for 10 minutes.`}
        className="tracking-[0.3em]"
        error={errors.code?.message}
        {...form.register('code')}
      />
      <Button type="submit" variant="neutral" block className="mt-3" loading={verify.isPending}>
        {verify.isPending ? 'Processing...' : 'Verify code'}
      </Button>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
        <button type="button" className="link link-hover text-primary" onClick={onRestart}>
          Use a different e-mail
        </button>
        <button
          type="button"
          className="link link-hover text-primary disabled:cursor-not-allowed disabled:text-base-content/75 disabled:no-underline"
          disabled={cooldown > 0 || resend.isPending}
          onClick={sendAgain}
        >
          {resend.isPending ? 'Sending...' : cooldown > 0 ? `Send the code again in ${cooldown} s` : 'Send the code again'}
        </button>
      </div>
    </form>
  )
}
