import { Button } from '@/components/ui/Button'
import { Spinner } from '@/components/ui/Spinner'
import { errorMessage } from '@/lib/api'
import { toast } from '@/lib/toast'
import { EMAIL_TOPICS, useEmailPreferences, useSetEmailPreference } from '../api/email-preferences'
import { SettingsCard } from './SettingsCard'

/** Which notification e-mails the member gets; in-app notifications always stay. */
export function EmailPreferencesCard() {
  const prefs = useEmailPreferences()
  const set = useSetEmailPreference()
  return (
    <SettingsCard
      id="email-preferences"
      title="E-mail notifications"
      description="Choose what we e-mail you about. You still see every notification in the app. Each e-mail also has a one-click unsubscribe link."
    >
      {prefs.isPending ? (
        <Spinner label="Loading e-mail choices" />
      ) : prefs.isError ? (
        <div role="alert" className="flex items-center gap-3 text-sm text-error">
          {errorMessage(prefs.error)}
          <Button size="sm" variant="outline" onClick={() => void prefs.refetch()}>Retry</Button>
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
                  // shows the member's choice at once; the server's answer confirms it (or a toast says why not)
                  checked={set.isPending && set.variables?.[topic] !== undefined ? !!set.variables[topic] : prefs.data[topic]}
                  onChange={(e) =>
                    set.mutate(
                      { [topic]: e.target.checked },
                      {
                        onSuccess: (p) => toast({ title: p[topic] ? `E-mails about ${label.toLowerCase()} are on` : `E-mails about ${label.toLowerCase()} are off` }),
                        onError: (err) => toast({ title: errorMessage(err), variant: 'destructive' }),
                      },
                    )
                  }
                />
              </label>
            </li>
          ))}
        </ul>
      )}
    </SettingsCard>
  )
}
