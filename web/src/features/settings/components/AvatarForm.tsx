import { useId, useRef, useState } from 'react'
import { Avatar } from '@/components/ui/Avatar'
import { Button } from '@/components/ui/Button'
import { avatarUrl } from '@/lib/member'
import type { CurrentUser } from '@/lib/api-types.gen'
import { ApiError, errorMessage } from '@/lib/api'
import { toast } from '@/lib/toast'
import { useRemoveAvatar } from '../api/remove-avatar'
import { useUploadAvatar } from '../api/upload-avatar'
import { AVATAR_TYPES, avatarFileError } from '../schemas'
import { SettingsCard } from '@/components/ui/SettingsCard'

export function AvatarForm({ user }: { user: CurrentUser }) {
  const upload = useUploadAvatar()
  const remove = useRemoveAvatar()
  const [error, setError] = useState('')
  const input = useRef<HTMLInputElement>(null)
  const inputId = useId()

  function onFile(file: File | undefined) {
    if (!file) return
    setError('')
    const local = avatarFileError(file)
    if (local) {
      setError(local)
      return
    }
    upload.mutate(file, {
      onSuccess: () => toast({ title: 'Avatar updated', variant: 'success' }),
      onError: (e) => setError(e instanceof ApiError ? (e.fieldErrors.avatar ?? e.message) : errorMessage(e)),
      onSettled: () => {
        if (input.current) input.current.value = ''
      },
    })
  }

  return (
    <SettingsCard id="settings-avatar" title="Avatar" description="JPEG, PNG, GIF or WebP, at most 2 MB.">
      <div className="flex flex-wrap items-center gap-4">
        <Avatar src={avatarUrl(user)} name={user.displayName} size="lg" />
        <div className="flex flex-wrap gap-2">
          <label htmlFor={inputId} className={`btn btn-primary btn-sm ${upload.isPending ? 'btn-disabled' : ''}`}>
            {upload.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            Upload
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={AVATAR_TYPES.join(',')}
            className="sr-only"
            aria-label="Upload avatar"
            aria-describedby={error ? `${inputId}-error` : undefined}
            onChange={(e) => onFile(e.target.files?.[0])}
          />
          {user.avatar && (
            <Button
              size="sm"
              variant="outline"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => toast({ title: 'Avatar removed', variant: 'success' }),
                  onError: (e) => setError(errorMessage(e)),
                })
              }
            >
              Remove
            </Button>
          )}
        </div>
      </div>
      {error && (
        <p id={`${inputId}-error`} className="text-sm text-error" role="alert">
          {error}
        </p>
      )}
    </SettingsCard>
  )
}
