import { limits } from './limits.gen'

/** The packages' limits, as the server declares them (pb/internal/tiers, generated into limits.gen.ts). */
export const tierLimits = {
  tiers: limits.tiers,
  name: limits.tierName,
  quantity: limits.tierQuantity,
  benefits: limits.tierBenefits,
  benefitTitle: limits.tierBenefitTitle,
  holdDaysMin: 1,
  holdDaysMax: limits.holdDaysMax,
  holdDaysDefault: limits.holdDaysDefault,
} as const
