import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form'
import { PictureField } from '@/components/ui/PictureField'
import { PICTURE_TYPES, pictureHint } from '@/lib/pictures'

/**
 * The optional picture of a proof or an update, bound to the form's `picture` field; onChosen runs
 * after a file is chosen or removed (to check it at once).
 */
export function PictureInput<T extends FieldValues>({ control, onChosen }: { control: Control<T>; onChosen: () => void }) {
  return (
    <Controller
      control={control}
      name={'picture' as Path<T>}
      render={({ field, fieldState }) => (
        <PictureField
          label="Picture (optional)"
          accept={PICTURE_TYPES.join(',')}
          hint={pictureHint}
          file={field.value}
          error={fieldState.error?.message}
          inputRef={field.ref}
          onChange={(file) => {
            field.onChange(file)
            onChosen()
          }}
        />
      )}
    />
  )
}
