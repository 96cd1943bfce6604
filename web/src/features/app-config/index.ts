/**
 * The server's configuration (GET /api/app-config): plans, categories, industries, modes. Other
 * features import it from here only (see eslint.config.js, "feature boundaries").
 */
export { useAppConfig, type Plan } from './api/get-app-config'
export { useCategories } from './categories'
export { industryLabel, useIndustries } from './industries'
