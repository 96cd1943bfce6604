import { useId, type FormEventHandler, type ReactNode } from 'react'
import { Button } from './Button'
import type { ButtonVariant } from './button-class'
import { Dialog, type DialogProps } from './Dialog'

interface FormDialogProps extends Omit<DialogProps, 'footer'> {
  /** The form's submit handler (react-hook-form's handleSubmit(...), or one that calls preventDefault). */
  onSubmit: FormEventHandler<HTMLFormElement>
  submitLabel: ReactNode
  submitVariant?: ButtonVariant
  /** The submit button waits (spinner, disabled) while the request is on its way. */
  pending: boolean
  /** Disables submit besides while pending (nothing typed yet). */
  submitDisabled?: boolean
  /** The button that closes without sending: "Cancel" unless that is what the dialog does. */
  cancelLabel?: ReactNode
  /** Cancel cannot be pressed while the request is on its way (a publish that must not be abandoned). */
  cancelDisabled?: boolean
  formClassName?: string
  /** Shown above the form, outside it (the kind tabs of Create New). */
  above?: ReactNode
}

/**
 * A dialog whose body is one form and whose footer is Cancel and the form's submit button: the
 * footer sits outside the form, so the submit button names the form by id. The form is not
 * validated by the browser (`noValidate`): zod and the server's answers show the errors.
 */
export function FormDialog({
  onSubmit,
  submitLabel,
  submitVariant,
  pending,
  submitDisabled = false,
  cancelLabel = 'Cancel',
  cancelDisabled = false,
  formClassName,
  above,
  children,
  ...dialog
}: FormDialogProps) {
  const formId = useId()
  return (
    <Dialog
      {...dialog}
      footer={
        <>
          <Button variant="ghost" onClick={dialog.onClose} disabled={cancelDisabled}>
            {cancelLabel}
          </Button>
          <Button type="submit" form={formId} variant={submitVariant} disabled={submitDisabled} loading={pending}>
            {submitLabel}
          </Button>
        </>
      }
    >
      {above}
      <form id={formId} onSubmit={onSubmit} noValidate className={formClassName}>
        {children}
      </form>
    </Dialog>
  )
}
