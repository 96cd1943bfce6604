import type { UseFormRegisterReturn } from 'react-hook-form'
import { TextField } from './Field'

interface NewPasswordFieldsProps {
  /** The form's registrations of the password and of its repetition (the form's schema compares them). */
  password: UseFormRegisterReturn
  confirm: UseFormRegisterReturn
  errors: { password?: string; confirm?: string }
  labels?: { password: string; confirm: string }
}

/** A new password typed twice, as password managers expect one (autocomplete "new-password"). */
export function NewPasswordFields({
  password,
  confirm,
  errors,
  labels = { password: 'New password', confirm: 'Confirm new password' },
}: NewPasswordFieldsProps) {
  return (
    <>
      <TextField label={labels.password} type="password" autoComplete="new-password" error={errors.password} {...password} />
      <TextField label={labels.confirm} type="password" autoComplete="new-password" error={errors.confirm} {...confirm} />
    </>
  )
}
