import { useFieldArray, useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Button } from '@/components/ui/Button'
import { TextAreaField, TextField } from '@/components/ui/Field'
import { PlusIcon, TrashIcon, VerifiedIcon } from '@/components/ui/icons'
import type { CurrentUser } from '@/lib/api-types.gen'
import { limits } from '@/lib/limits.gen'
import { platformLabel } from '@/lib/social'
import { ApiError, errorMessage } from '@/lib/api'
import { applyFieldErrors } from '@/lib/form-errors'
import { toast } from '@/lib/toast'
import { useUpdateUser } from '../api/update-user'
import { BIO_MAX, MAX_LINKS, PLATFORMS, profileSchema, type ProfileValues } from '../schemas'
import { SettingsCard } from '@/components/ui/SettingsCard'
import { useIndustries } from '@/features/app-config'
import { IndustryField } from './IndustryField'

function defaults(user: CurrentUser): ProfileValues {
  return {
    displayName: user.displayName,
    bio: user.bio ?? '',
    socialMedia: (user.socialMedia ?? []).map((s) => ({ platform: s.platform, username: s.username, verified: s.verified })),
    industry: user.industry,
  }
}

export function ProfileForm({ user }: { user: CurrentUser }) {
  const update = useUpdateUser()
  const industries = useIndustries()
  const form = useForm<ProfileValues>({ resolver: zodResolver(profileSchema), defaultValues: defaults(user) })
  const links = useFieldArray({ control: form.control, name: 'socialMedia' })
  const { errors } = form.formState
  const bioLength = useWatch({ control: form.control, name: 'bio' }).length

  const submit = form.handleSubmit((v) => {
    const patch = {
      displayName: v.displayName,
      bio: v.bio,
      socialMedia: v.socialMedia.map(({ platform, username }) => ({ platform, username })),
      industry: v.industry,
    }
    update.mutate(patch, {
      onSuccess: (saved) => {
        form.reset(defaults(saved))
        toast({ title: 'Profile updated', variant: 'success' })
      },
      onError: (error) => {
        if (applyFieldErrors(error, form.setError, ['displayName', 'bio', 'industry'])) return
        if (error instanceof ApiError && error.fieldErrors.socialMedia) {
          form.setError('root.socialMedia', { type: 'server', message: error.fieldErrors.socialMedia })
          return
        }
        toast({ title: 'Could not update your profile', description: errorMessage(error), variant: 'destructive' })
      },
    })
  })

  const linksError = errors.socialMedia?.message ?? errors.socialMedia?.root?.message ?? errors.root?.socialMedia?.message
  return (
    <SettingsCard id="settings-profile" title="Profile" description="How other members see you.">
      <form onSubmit={submit} noValidate className="space-y-2">
        <TextField
          label="Display name"
          autoComplete="name"
          maxLength={limits.displayName}
          error={errors.displayName?.message}
          {...form.register('displayName')}
        />
        <div>
          <TextAreaField label="Bio" rows={4} error={errors.bio?.message} {...form.register('bio')} />
          <p className={`text-right text-xs ${bioLength > BIO_MAX ? 'text-error' : 'text-base-content/75'}`}>
            {bioLength} / {BIO_MAX}
          </p>
        </div>
        <IndustryField
          industries={industries}
          current={user.industry}
          error={errors.industry?.message}
          registration={form.register('industry')}
        />
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">Social links</legend>
          <p className="text-xs text-base-content/75">Administrators can verify your links. Changing a link removes its verification.</p>
          {links.fields.map((field, i) => {
            const rowErrors = errors.socialMedia?.[i]
            return (
              <div key={field.id} className="flex flex-wrap items-start gap-2 sm:flex-nowrap" data-testid="social-row">
                <div className="w-full sm:w-44">
                  <label htmlFor={`social-${i}-platform`} className="sr-only">
                    Platform {i + 1}
                  </label>
                  <select id={`social-${i}-platform`} className="select w-full" {...form.register(`socialMedia.${i}.platform`)}>
                    {PLATFORMS.map((p) => (
                      <option key={p} value={p}>
                        {p === 'twitter' ? 'Twitter' : p === 'x' ? 'X' : platformLabel(p)}
                      </option>
                    ))}
                  </select>
                  {rowErrors?.platform && (
                    <p className="text-sm text-error" role="alert">
                      {rowErrors.platform.message}
                    </p>
                  )}
                </div>
                <div className="min-w-0 flex-1">
                  <label htmlFor={`social-${i}-username`} className="sr-only">
                    Username or address {i + 1}
                  </label>
                  <input
                    id={`social-${i}-username`}
                    className={`input w-full ${rowErrors?.username ? 'input-error' : ''}`}
                    placeholder="username, or https://… for a website"
                    aria-invalid={rowErrors?.username ? true : undefined}
                    {...form.register(`socialMedia.${i}.username`)}
                  />
                  {rowErrors?.username && (
                    <p className="text-sm text-error" role="alert">
                      {rowErrors.username.message}
                    </p>
                  )}
                </div>
                {field.verified && (
                  <span className="badge badge-success badge-soft mt-2 gap-1 whitespace-nowrap">
                    <VerifiedIcon className="size-3.5" /> verified
                  </span>
                )}
                <Button variant="ghost" size="sm" className="mt-1" aria-label={`Remove link ${i + 1}`} onClick={() => links.remove(i)}>
                  <TrashIcon className="size-4" />
                </Button>
              </div>
            )
          })}
          {linksError && (
            <p className="text-sm text-error" role="alert">
              {linksError}
            </p>
          )}
          <Button
            variant="outline"
            size="sm"
            disabled={links.fields.length >= MAX_LINKS}
            onClick={() => links.append({ platform: 'github', username: '', verified: false })}
          >
            <PlusIcon className="size-4" /> Add link
          </Button>
        </fieldset>
        <div className="flex justify-end pt-2">
          <Button type="submit" loading={update.isPending}>
            Save profile
          </Button>
        </div>
      </form>
    </SettingsCard>
  )
}
