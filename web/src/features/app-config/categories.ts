import { useAppConfig } from './api/get-app-config'

/** The spec's categories; the server's list (from app-config) wins once it has loaded. */
const DEFAULT_CATEGORIES = ['Education', 'Healthcare', 'Technology', 'Environment', 'Arts', 'Community', 'Business'] as const

export function useCategories(): readonly string[] {
  const { data } = useAppConfig()
  return data?.categories?.length ? data.categories : DEFAULT_CATEGORIES
}
