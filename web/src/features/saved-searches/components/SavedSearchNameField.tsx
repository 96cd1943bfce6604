import { TextField } from '@/components/ui/Field'
import { limits } from '@/lib/limits.gen'

/** A saved search's name, as the save and rename dialogs ask for it (focused first, the server's words under it). */
export function SavedSearchNameField({ value, onChange, error }: { value: string; onChange: (name: string) => void; error: string }) {
  return (
    <TextField
      label="Name"
      value={value}
      maxLength={limits.savedSearchName}
      data-autofocus
      onChange={(e) => onChange(e.target.value)}
      error={error || undefined}
    />
  )
}
