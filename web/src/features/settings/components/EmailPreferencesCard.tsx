import { useState } from 'react'
import { Button } from '@/components/ui/Button'
import { Spinner } from '@/components/ui/Spinner'
import { errorMessage } from '@/lib/api'
import { toast } from '@/lib/toast'
import { EMAIL_TOPICS, useEmailPreferences, useSetEmailPreference, type EmailPreferences, type EmailTopic } from '../api/email-preferences'
import { SettingsCard } from '@/components/ui/SettingsCard'
import { EmailNeededNote } from '@/components/ui/EmailNeededNote'
import type { CurrentUser } from '@/lib/api-types.gen'

/**
 * Which notification e-mails the member gets; in-app notifications always stay. Without a
 * confirmed address no e-mail goes out, whatever the switches say, and the card says so.
 */
export function EmailPreferencesCard({ user }: { user: CurrentUser }) {
  const prefs = useEmailPreferences()
  const set = useSetEmailPreference()
  // The member's choice shows at once, set in the change event itself: a controlled checkbox
  // whose value waits for the mutation's (batched) state would snap back for a moment. The
  // server's answer confirms it; a failure puts the stored value back and a toast says why.
  const [shown, setShown] = useState<Partial<EmailPreferences>>({})
  const show = (topic: EmailTopic, value: boolean | undefined) =>
    setShown((s) => {
      const next = { ...s }
      if (value === undefined) delete next[topic]
      else next[topic] = value
      return next
    })
  return (
    <SettingsCard
      id="email-preferences"
      title="E-mail notifications"
      description={
        user.hasProvenEmail
          ? 'Choose what we e-mail you about. You still see every notification in the app. Each e-mail also has a one-click unsubscribe link.'
          : 'Choose what we e-mail you about once your account has a confirmed e-mail address. Until then we send no e-mails, and you see every notification in the app.'
      }
    >
      {!user.hasProvenEmail && <EmailNeededNote pendingEmail={user.pendingEmail} />}
      {prefs.isPending ? (
        <Spinner label="Loading e-mail choices" />
      ) : prefs.isError ? (
        <div role="alert" className="flex items-center gap-3 text-sm text-error">
          {errorMessage(prefs.error)}
          <Button size="sm" variant="outline" onClick={() => void prefs.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <ul className="divide-y divide-base-300">
          {EMAIL_TOPICS.map(({ topic, label, hint }) => (
            <li key={topic}>
              <label className="flex cursor-pointer items-center justify-between gap-4 py-3">
                <span>
                  <span className="block text-sm font-medium">{label}</span>
                  <span className="block text-xs text-base-content/70">{hint}</span>
                </span>
                <input
                  type="checkbox"
                  className="toggle toggle-primary"
                  checked={shown[topic] ?? prefs.data[topic]}
                  onChange={(e) => {
                    show(topic, e.target.checked)
                    set.mutate(
                      { [topic]: e.target.checked },
                      {
                        onSuccess: (p) => {
                          show(topic, p[topic])
                          toast({
                            title: p[topic]
                              ? `E-mails about ${label.toLowerCase()} are on`
                              : `E-mails about ${label.toLowerCase()} are off`,
                          })
                        },
                        onError: (err) => {
                          show(topic, undefined)
                          toast({ title: errorMessage(err), variant: 'destructive' })
                        },
                      },
                    )
                  }}
                />
              </label>
            </li>
          ))}
        </ul>
      )}
    </SettingsCard>
  )
}
