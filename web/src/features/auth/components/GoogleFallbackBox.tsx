import { useState } from 'react'
import { MailIcon } from '@/components/ui/icons'
import type { EmailCodeSent } from '../api/request-email-code'
import type { EmailCodeRequestInput } from '../schemas'
import { EmailCodeRequestStep } from './EmailCodeRequestStep'
import { EmailCodeVerifyStep } from './EmailCodeVerifyStep'

interface GoogleFallbackBoxProps {
  initialEmail?: string
  onSignedIn: () => void
}

/**
 * The 'Google Sign-in Fallback' box: the e-mail is proven with a one-time code rather than
 * trusted (docs/api/sign-in.md). Step 1 sends the code, step 2 checks it and signs in.
 */
export function GoogleFallbackBox({ initialEmail = '', onSignedIn }: GoogleFallbackBoxProps) {
  const [values, setValues] = useState<EmailCodeRequestInput>({ email: initialEmail, displayName: '' })
  const [sent, setSent] = useState<EmailCodeSent | null>(null)

  return (
    <section className="rounded-box border border-base-300 bg-base-200/60 p-4" aria-labelledby="google-fallback-title">
      <h3 id="google-fallback-title" className="font-semibold">
        Google Sign-in Fallback
      </h3>
      {sent ? (
        <>
          <p className="mt-1 flex items-start gap-2 text-sm text-base-content/75" role="status">
            <MailIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              We sent a code to <strong className="break-words text-base-content">{sent.email}</strong>. Enter it below to continue as{' '}
              {values.displayName}.
            </span>
          </p>
          <EmailCodeVerifyStep sent={sent} request={values} onResent={setSent} onRestart={() => setSent(null)} onSignedIn={onSignedIn} />
        </>
      ) : (
        <>
          <p className="mt-1 text-sm text-base-content/75">
            Enter the e-mail address of your Google account. We will send you a one-time code to confirm it.
          </p>
          <EmailCodeRequestStep
            defaultValues={values}
            onSent={(input, answer) => {
              setValues(input)
              setSent(answer)
            }}
          />
        </>
      )}
    </section>
  )
}
