import { useId, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { FormDialog } from '@/components/ui/FormDialog'
import { Spinner } from '@/components/ui/Spinner'
import { ApiError, errorMessage } from '@/lib/api'
import { listingKinds, listingScreenKeys, type Deal } from '@/lib/api-types.gen'
import { formatDate } from '@/lib/dates'
import { formatUsd } from '@/lib/money'
import { createPathFrom, paths } from '@/lib/paths'
import { toast } from '@/lib/toast'
import { useInviteSponsor, useOwnOpenRequests } from '../api/renewal'
import { renewalTexts as t } from '../renewal-texts'
import { RefusalNote } from './RefusalNote'

/** The recipient of a completed deal invites its sponsor to one of their open requests (a new key each time it opens). */
export function InviteDialog({
  deal,
  meId,
  otherName,
  open,
  onClose,
}: {
  deal: Deal
  meId: string
  otherName: string
  open: boolean
  onClose: () => void
}) {
  const requests = useOwnOpenRequests(meId, open)
  const invite = useInviteSponsor(deal.id)
  const [chosen, setChosen] = useState('')
  const [fieldError, setFieldError] = useState('')
  const [refusal, setRefusal] = useState('')
  const errorId = useId()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setRefusal('')
    if (!chosen) {
      setFieldError(t.chooseRequest)
      return
    }
    setFieldError('')
    try {
      await invite.mutateAsync(chosen)
      const title = requests.data?.find((r) => r.id === chosen)?.title ?? ''
      toast({ title: t.invited, description: t.invitedDescription(otherName, title), variant: 'success' })
      onClose()
    } catch (error) {
      const onField = error instanceof ApiError ? error.fieldErrors.requestId : undefined
      if (onField) setFieldError(onField)
      else setRefusal(errorMessage(error))
    }
  }

  const list = requests.data ?? []
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t.inviteTitle(otherName)}
      description={t.inviteDescription(otherName)}
      onSubmit={(e) => void submit(e)}
      submitLabel={t.inviteSubmit}
      submitDisabled={!requests.isSuccess || list.length === 0}
      pending={invite.isPending}
      testId="invite-dialog"
    >
      {requests.isPending ? (
        <Spinner label="Loading your requests" className="mx-auto" />
      ) : requests.isError ? (
        <p role="alert" className="text-sm text-error">
          {errorMessage(requests.error)}
        </p>
      ) : list.length === 0 ? (
        <div className="space-y-3 text-sm text-base-content/80">
          <p>{t.noRequests}</p>
          <Link to={createPathFrom(paths.home, `?${listingScreenKeys.tab}=${listingKinds.requests.segment}`)} className="link link-primary">
            {t.postRequest}
          </Link>
        </div>
      ) : (
        <fieldset aria-describedby={fieldError ? errorId : undefined} aria-invalid={fieldError ? true : undefined}>
          <legend className="mb-2 text-sm font-medium">{t.requests}</legend>
          <ul className="space-y-2">
            {list.map((r, i) => (
              <li key={r.id}>
                <label className="flex cursor-pointer items-start gap-3 rounded-box border border-base-300 p-3 has-checked:border-primary has-checked:bg-primary/5">
                  <input
                    type="radio"
                    name="requestId"
                    value={r.id}
                    className="radio radio-primary radio-sm mt-0.5"
                    checked={chosen === r.id}
                    onChange={() => setChosen(r.id)}
                    data-autofocus={i === 0 ? true : undefined}
                  />
                  <span className="min-w-0">
                    <span className="block font-medium break-words">{r.title}</span>
                    <span className="block text-sm text-base-content/75">
                      {formatUsd(r.requestedAmount ?? 0)}
                      {r.eventDate ? ` · ${formatDate(r.eventDate, 'UTC')}` : ''}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {fieldError && (
            <p id={errorId} role="alert" className="mt-2 text-sm text-error">
              {fieldError}
            </p>
          )}
        </fieldset>
      )}
      <RefusalNote message={refusal} />
    </FormDialog>
  )
}
