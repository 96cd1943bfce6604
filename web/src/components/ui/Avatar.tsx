interface AvatarProps {
  src?: string
  name?: string
  size?: 'sm' | 'md' | 'lg' | 'xl'
}

const sizeClass = { sm: 'size-8 text-sm', md: 'size-10 text-base', lg: 'size-16 text-2xl', xl: 'size-24 text-4xl' }

/** The avatar image, else the first letter of the display name, else 'U'. */
export function avatarInitial(name?: string): string {
  const letter = name?.trim().charAt(0)
  return letter ? letter.toUpperCase() : 'U'
}

export function Avatar({ src, name, size = 'md' }: AvatarProps) {
  return (
    <span className={`avatar ${src ? '' : 'avatar-placeholder'}`}>
      <span className={`${sizeClass[size]} rounded-full ${src ? '' : 'bg-primary text-primary-content'} flex items-center justify-center overflow-hidden font-semibold`}>
        {src ? <img src={src} alt="" className="size-full object-cover" /> : <span aria-hidden="true">{avatarInitial(name)}</span>}
      </span>
    </span>
  )
}
