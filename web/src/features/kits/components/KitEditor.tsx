import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/Button'
import { TextField } from '@/components/ui/Field'
import { Spinner } from '@/components/ui/Spinner'
import { ApiError, errorMessage } from '@/lib/api'
import type { Kit } from '@/lib/api-types.gen'
import { limits } from '@/lib/limits.gen'
import { toast } from '@/lib/toast'
import { useOwnKit, useSaveKit } from '../api/own-kit'
import { formValues, kitBody, type KitFormValues } from '../kit-form'
import { AudienceFields } from './AudienceFields'
import { KitPublishBar } from './KitPublishBar'
import { KitRows } from './KitRows'
import { MeasuredBlock } from './MeasuredBlock'
import { PastSponsors } from './PastSponsors'

/** The member's own media kit on their profile: edit, save, publish (loaded on demand: its own chunk). */
export function KitEditor({ username }: { username: string }) {
  const kit = useOwnKit()
  if (kit.isPending) return <Spinner label="Loading your media kit" className="mx-auto block" />
  if (kit.isError) {
    return (
      <p role="alert" className="text-sm text-error">
        {errorMessage(kit.error)}
      </p>
    )
  }
  return <KitForm kit={kit.data} username={username} />
}

function KitForm({ kit, username }: { kit: Kit; username: string }) {
  const form = useForm<KitFormValues>({ defaultValues: formValues(kit) })
  const save = useSaveKit()
  const [formError, setFormError] = useState<string[]>([])
  const { register, formState } = form

  const submit = form.handleSubmit(async (values) => {
    setFormError([])
    try {
      const saved = await save.mutateAsync(kitBody(values))
      form.reset(formValues(saved))
      toast({ title: 'Media kit saved', variant: 'success' })
    } catch (e) {
      // The server's messages go under their fields (keys as the body: `segments.2.share`); the
      // message itself says to look at them.
      const fields = e instanceof ApiError ? Object.entries(e.fieldErrors) : []
      fields.forEach(([key, message], i) =>
        form.setError(key as keyof KitFormValues, { type: 'server', message }, { shouldFocus: i === 0 }),
      )
      setFormError([errorMessage(e)])
    }
  })

  return (
    <div className="space-y-6">
      <KitPublishBar kit={kit} username={username} unsaved={formState.isDirty} />
      <form onSubmit={(e) => void submit(e)} noValidate aria-label="Media kit" className="space-y-6">
        <TextField
          label="Headline"
          maxLength={limits.kitHeadline}
          placeholder="A student-run tech fest in Pune: 3 days, 40 colleges"
          hint={`What a sponsor should know first (at most ${limits.kitHeadline} characters).`}
          error={formState.errors.headline?.message}
          {...register('headline')}
        />
        <AudienceFields form={form} kit={kit} />
        <KitRows form={form} list="segments" />
        <KitRows form={form} list="channels" />
        <KitRows form={form} list="pastEvents" />
        {formError.length > 0 && (
          <p role="alert" className="text-sm text-error">
            {formError.join(' ')}
          </p>
        )}
        <div className="flex justify-end">
          <Button type="submit" loading={save.isPending}>
            Save media kit
          </Button>
        </div>
      </form>
      <MeasuredBlock measured={kit.measured} headingLevel={3} />
      <PastSponsors sponsors={kit.pastSponsors} headingLevel={3} />
    </div>
  )
}
