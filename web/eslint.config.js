import fs from 'node:fs'
import js from '@eslint/js'
import globals from 'globals'
import importPlugin from 'eslint-plugin-import'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import reactRefresh from 'eslint-plugin-react-refresh'
import prettier from 'eslint-config-prettier'
import tseslint from 'typescript-eslint'

/*
 * Feature boundaries. src/features/<name> may import lib/, components/, itself, and of the
 * other features only their shared modules below; a feature never imports app/. The app
 * (app/routes, app/compose) composes features. lib/ and components/ import no feature and no app.
 */
const features = fs
  .readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
const sharedFeatureModules = [
  './auth/session.ts', // who is signed in; ending a session
  './app-config/index.ts', // the server's configuration: plans, categories
]
const boundaries = [
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`, ...sharedFeatureModules],
    message: `Features do not import each other: compose them in src/app, or move what both need to src/lib (shared: ${sharedFeatureModules.join(', ')}).`,
  })),
  { target: './src/features', from: './src/app', message: 'Features do not import the app; the app imports features.' },
  {
    target: ['./src/lib', './src/components'],
    from: ['./src/features', './src/app'],
    message: 'lib/ and components/ are below the features: they import no feature and no app code.',
  },
]

/* A query key is written once: see the rule's use below. */
const queryKeySelectors = [
  {
    selector:
      "Property[key.name='queryKey'] > ArrayExpression.value:not(CallExpression[callee.name=/^(infiniteQueryOptions|queryOptions)$/] > ObjectExpression > Property > ArrayExpression)",
    message:
      'Write a query key only in a queryOptions factory (features/<name>/api/), built from src/lib/query-keys.ts; elsewhere use factory().queryKey or a prefix of queryKeys.',
  },
  {
    selector:
      "CallExpression[callee.name=/^(infiniteQueryOptions|queryOptions)$/] > ObjectExpression > Property[key.name='queryKey'] > ArrayExpression.value > Literal:first-child",
    message: 'Start a query key with its prefix from src/lib/query-keys.ts ([...queryKeys.x, ...]): one place names every key.',
  },
  {
    selector:
      'CallExpression[callee.property.name=/^(get|set|remove|invalidate|refetch|reset|cancel)Quer(y|ies)(Data|State)?$/] > ArrayExpression',
    message: 'Pass a key from a queryOptions factory (factory().queryKey) or a prefix of src/lib/query-keys.ts, not an inline array.',
  },
  {
    selector: "BinaryExpression:has(MemberExpression[object.property.name='queryKey']) > Literal",
    message: 'Compare a key with a prefix of src/lib/query-keys.ts (queryKeys.x[0]), not a string written here.',
  },
]

/*
 * Every request body and answer of the web app is the server's, generated (lib/api-types.gen.ts,
 * ApiRoutes): a call names its route and lib/api.ts types the rest. A type written by hand over a call
 * would hide a disagreement with the server, so casting what a call answers, and calling fetch
 * beside lib/api.ts, fail here. (Narrowing a listing to its kind is lib/listing.ts's asSponsorship.)
 */
const apiCalls = '/^(api|callWithHeaders|fetchPage|fetchListingPage)$/'
const cast = ':matches(TSAsExpression, TSTypeAssertion, TSSatisfiesExpression)'
const apiCallSelectors = [
  {
    selector: [
      `${cast} > CallExpression[callee.name=${apiCalls}]`,
      `${cast} > AwaitExpression > CallExpression[callee.name=${apiCalls}]`,
      `CallExpression[callee.property.name='then'][callee.object.callee.name=${apiCalls}] > ArrowFunctionExpression > ${cast}`,
      `CallExpression[callee.property.name='then'][callee.object.callee.name=${apiCalls}][typeArguments]`,
    ].join(', '),
    message: 'A call answers the type its route declares (lib/api-types.gen.ts, ApiRoutes): do not write another over it.',
  },
  {
    selector:
      "CallExpression[callee.name='fetch'], CallExpression[callee.property.name='fetch'][callee.object.name=/^(window|globalThis|self)$/]",
    message: "Call the server through lib/api.ts (api('METHOD /path', {params, body})): its bodies and answers are the generated types.",
  },
]

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'test-results', 'playwright-report', 'e2e/screenshots'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [
      js.configs.recommended,
      ...tseslint.configs.recommended,
      importPlugin.flatConfigs.recommended,
      importPlugin.flatConfigs.typescript,
    ],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    settings: {
      // Dependencies are not parsed for import rules (no-cycle follows only our own modules).
      'import/ignore': ['node_modules'],
      'import/resolver': {
        typescript: { project: ['./tsconfig.app.json', './tsconfig.node.json'], noWarnOnMultipleProjects: true },
        node: true,
      },
    },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // TypeScript checks names, defaults and namespaces itself.
      'import/named': 'off',
      'import/namespace': 'off',
      'import/default': 'off',
      'import/no-named-as-default-member': 'off',
      'import/no-restricted-paths': ['error', { zones: boundaries }],
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-self-import': 'error',
      'import/no-useless-path-segments': 'error',
      'import/no-duplicates': ['error', { 'prefer-inline': true }],
      'import/first': 'error',
      'import/newline-after-import': 'error',
    },
  },
  {
    // A query key is written once: in a queryOptions factory (features/<name>/api/), from the
    // prefixes of src/lib/query-keys.ts. Elsewhere a key is reached through its factory or those
    // prefixes. Tests may spell a key out to pin it.
    // An API call names its route (lib/api.ts): its body and answer are the generated types, never a
    // type written here; only lib/api.ts calls fetch.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/lib/api.ts'],
    rules: { 'no-restricted-syntax': ['error', ...queryKeySelectors, ...apiCallSelectors] },
  },
  {
    files: ['src/lib/api.ts'],
    rules: { 'no-restricted-syntax': ['error', ...queryKeySelectors] },
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Our labels wrap their control with the text in nested spans (label > span > span > text).
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
      // The one autoFocus is TextField's, on the code step that appears once the e-mail is sent.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
    },
  },
  {
    // Playwright fixtures: their `use` is no React hook, and one that needs no other fixture still
    // takes `{}` (Playwright reads the fixtures a function wants from its first parameter).
    files: ['e2e/**/*.ts'],
    rules: {
      'react-hooks/rules-of-hooks': 'off',
      'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }],
    },
  },
  {
    // A journey's test and expect come from e2e/test.ts, whose fixture gives each worker its server.
    files: ['e2e/**/*.spec.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              allowTypeImports: true,
              message: "Import test and expect from './test': its fixture starts this worker's server and sets baseURL.",
            },
          ],
        },
      ],
    },
  },
  prettier,
)
