import { avatarInitial } from './avatar-initial'

interface AvatarProps {
  src?: string
  name?: string
  size?: 'sm' | 'md' | 'lg' | 'xl'
}

const sizeClass = { sm: 'size-8 text-sm', md: 'size-10 text-base', lg: 'size-16 text-2xl', xl: 'size-24 text-4xl' }

export function Avatar({ src, name, size = 'md' }: AvatarProps) {
  return (
    <span className={`avatar ${src ? '' : 'avatar-placeholder'}`}>
      <span
        className={`${sizeClass[size]} rounded-full ${src ? '' : 'bg-primary text-primary-content'} flex items-center justify-center overflow-hidden font-semibold`}
      >
        {src ? <img src={src} alt="" className="size-full object-cover" /> : <span aria-hidden="true">{avatarInitial(name)}</span>}
      </span>
    </span>
  )
}
