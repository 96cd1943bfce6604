import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Button } from '@/components/ui/Button'
import { TextAreaField, TextField } from '@/components/ui/Field'
import { errorMessage } from '@/lib/api'
import { limits } from '@/lib/limits.gen'
import { applyFieldErrors } from '@/lib/form-errors'
import { toast } from '@/lib/toast'
import { useSendContactMessage } from '../api/send-contact-message'
import { contactSchema, emptyContact, type ContactInput } from '../schemas'

const fields = ['name', 'email', 'subject', 'message'] as const

/** Stores a message that administrators read on /admin. */
export function ContactForm() {
  const send = useSendContactMessage()
  const form = useForm<ContactInput>({ resolver: zodResolver(contactSchema), defaultValues: emptyContact })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: (answer) => {
        toast({ title: 'Message sent', description: answer.message, variant: 'success' })
        form.reset(emptyContact)
      },
      onError: (error) => {
        if (applyFieldErrors(error, form.setError, fields)) return
        toast({ title: 'Message not sent', description: errorMessage(error), variant: 'destructive' })
      },
    }),
  )

  return (
    <section aria-labelledby="contact-form-title" className="mt-6 rounded-box border border-base-300 bg-base-100 p-5 shadow-sm">
      <h2 id="contact-form-title" className="text-xl font-semibold">
        Send us a message
      </h2>
      <form onSubmit={onSubmit} noValidate aria-labelledby="contact-form-title" className="mt-3">
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField
            label="Name"
            autoComplete="name"
            maxLength={limits.contactName}
            error={errors.name?.message}
            {...form.register('name')}
          />
          <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
        </div>
        <TextField
          label="Subject (optional)"
          maxLength={limits.contactSubject}
          error={errors.subject?.message}
          {...form.register('subject')}
        />
        <TextAreaField
          label="Message"
          rows={6}
          maxLength={limits.contactMessage}
          error={errors.message?.message}
          {...form.register('message')}
        />
        <Button type="submit" className="mt-3" loading={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send message'}
        </Button>
      </form>
    </section>
  )
}
