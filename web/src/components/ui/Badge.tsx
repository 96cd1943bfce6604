import type { ReactNode } from 'react'

export function Badge({ className = '', children }: { className?: string; children: ReactNode }) {
  return <span className={`badge badge-sm border font-medium whitespace-nowrap ${className}`}>{children}</span>
}
