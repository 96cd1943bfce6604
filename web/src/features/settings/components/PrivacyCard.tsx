import { useState } from 'react'
import { SettingsCard } from '@/components/ui/SettingsCard'
import { errorMessage } from '@/lib/api'
import type { CurrentUser } from '@/lib/api-types.gen'
import { toast } from '@/lib/toast'
import { useUpdateUser } from '../api/update-user'

/**
 * Settings → Privacy: whether the member is listed as a past sponsor on the media kits of members they
 * sponsored (PATCH /api/user `hideAsPastSponsor`, shown the other way round: on by default).
 */
export function PrivacyCard({ user }: { user: CurrentUser }) {
  const update = useUpdateUser()
  // The choice shows at once; the server's answer confirms it, a failure puts the stored one back.
  const [shown, setShown] = useState<boolean | undefined>(undefined)
  const listed = shown ?? !user.hideAsPastSponsor
  return (
    <SettingsCard id="settings-privacy" title="Privacy">
      <label className="flex cursor-pointer items-center justify-between gap-4">
        <span>
          <span className="block text-sm font-medium">List me as a past sponsor on the media kits of members I sponsored</span>
          <span className="block text-xs text-base-content/70">
            Members whose deals with you completed show your name and avatar among their past sponsors. Turn this off to be left out of
            every media kit.
          </span>
        </span>
        <input
          type="checkbox"
          className="toggle toggle-primary"
          checked={listed}
          onChange={(e) => {
            const on = e.target.checked
            setShown(on)
            update.mutate(
              { hideAsPastSponsor: !on },
              {
                onSuccess: () => {
                  setShown(undefined)
                  toast({ title: on ? 'You are listed as a past sponsor' : 'You are no longer listed as a past sponsor' })
                },
                onError: (err) => {
                  setShown(undefined)
                  toast({ title: errorMessage(err), variant: 'destructive' })
                },
              },
            )
          }}
        />
      </label>
    </SettingsCard>
  )
}
