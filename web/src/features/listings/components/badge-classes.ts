/** Colour variants for the spec's seven categories; anything else is neutral. */
const categoryClass: Record<string, string> = {
  education: 'bg-blue-50 text-blue-800 border-blue-200',
  healthcare: 'bg-rose-50 text-rose-800 border-rose-200',
  technology: 'bg-violet-50 text-violet-800 border-violet-200',
  environment: 'bg-emerald-50 text-emerald-800 border-emerald-200',
  arts: 'bg-fuchsia-50 text-fuchsia-800 border-fuchsia-200',
  community: 'bg-amber-50 text-amber-900 border-amber-200',
  business: 'bg-cyan-50 text-cyan-900 border-cyan-200',
}

export function categoryBadgeClass(category: string): string {
  return categoryClass[category.toLowerCase()] ?? 'bg-base-200 text-base-content border-base-300'
}

/** open and sponsored are distinct; any other status is grey. */
export function statusBadgeClass(status: string): string {
  if (status === 'open') return 'bg-green-100 text-green-800 border-green-300'
  if (status === 'sponsored') return 'bg-indigo-100 text-indigo-800 border-indigo-300'
  return 'bg-gray-100 text-gray-700 border-gray-300'
}
