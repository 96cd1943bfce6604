import type { Industry } from '@/lib/tiers'
import { useAppConfig } from './api/get-app-config'

const none: readonly Industry[] = []

/** The industries a member may state and a request may refuse (`industries` of GET /api/app-config); none until it has loaded. */
export function useIndustries(): readonly Industry[] {
  const { data } = useAppConfig()
  return data?.industries ?? none
}

/** An industry's label ("Banking and finance"), or its key when the list does not name it. */
export function industryLabel(industries: readonly Industry[], key: string): string {
  return industries.find((i) => i.key === key)?.label ?? key
}
