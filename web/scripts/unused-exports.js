/*
 * Fails on an exported name that no other file imports (`npm run lint` runs it).
 *
 * Each file is parsed alone (no type checking: about a second for the whole tree). An import names
 * what it uses: `import { a }`, `export { a } from`, `import * as ns` (then `ns.a`). A module loaded
 * by a dynamic `import()` or named in a type's `typeof import()` counts as wholly used. Tests and e2e count as
 * importers. A name used only in its own file should not be exported; a deliberate export with no
 * importer (a generated file, an entry point) goes in `allowed` below with its reason.
 */
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

const root = path.resolve(import.meta.dirname, '..')

/** file (relative to web/) → the exports no file imports, and why that is fine. '*' is every export. */
const allowed = {
  'src/lib/api-types.gen.ts': { names: ['*'], reason: 'generated from the Go answer types: the whole contract, read or not' },
  'src/lib/limits.gen.ts': { names: ['*'], reason: 'generated from the Go limits: every limit, read or not' },
  'vite.config.ts': { names: ['default'], reason: "Vite's configuration, read by Vite" },
  'playwright.config.ts': { names: ['default'], reason: "Playwright's configuration, read by Playwright" },
}

const sourceDirs = ['src', 'e2e', 'build']
const rootFiles = ['vite.config.ts', 'playwright.config.ts']

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'screenshots' ? [] : walk(full)
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : []
  })
}

const files = [...sourceDirs.flatMap((dir) => walk(path.join(root, dir))), ...rootFiles.map((file) => path.join(root, file))]
const known = new Set(files)

/** The file a specifier names, or undefined for a package. */
function resolve(from, specifier) {
  let base
  if (specifier.startsWith('@/')) base = path.join(root, 'src', specifier.slice(2))
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier)
  else return undefined
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (known.has(candidate)) return candidate
  }
  return undefined
}

const exportsOf = new Map() // file → Map(name → line)
const used = new Map() // file → Set(name | '*')

function use(file, name) {
  if (!file) return
  if (!used.has(file)) used.set(file, new Set())
  used.get(file).add(name)
}

const hasExport = (node) => ts.getModifiers?.(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ?? false
const hasDefault = (node) => ts.getModifiers?.(node)?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword) ?? false

function bindingNames(name) {
  if (ts.isIdentifier(name)) return [name.text]
  return name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : bindingNames(element.name)))
}

for (const file of files) {
  const text = fs.readFileSync(file, 'utf8')
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const exported = new Map()
  const line = (node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1
  const namespaces = new Map() // local namespace name → file

  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const target = resolve(file, statement.moduleSpecifier.text)
      const clause = statement.importClause
      if (!clause) continue
      if (clause.name) use(target, 'default')
      const bindings = clause.namedBindings
      if (bindings && ts.isNamespaceImport(bindings)) namespaces.set(bindings.name.text, target)
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) use(target, (element.propertyName ?? element.name).text)
      }
    } else if (ts.isExportDeclaration(statement)) {
      const target =
        statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
          ? resolve(file, statement.moduleSpecifier.text)
          : undefined
      if (statement.exportClause && ts.isNamedExports(statement.exportClause)) {
        for (const element of statement.exportClause.elements) {
          exported.set(element.name.text, line(element))
          if (target) use(target, (element.propertyName ?? element.name).text)
        }
      } else if (target) {
        use(target, '*') // export * from: re-exported names are checked where they are imported
      }
    } else if (ts.isExportAssignment(statement)) {
      exported.set('default', line(statement))
    } else if (hasExport(statement)) {
      if (hasDefault(statement)) exported.set('default', line(statement))
      else if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          for (const name of bindingNames(declaration.name)) exported.set(name, line(declaration))
        }
      } else if (statement.name && ts.isIdentifier(statement.name)) exported.set(statement.name.text, line(statement))
    }
  }

  const visit = (node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments
      if (argument && ts.isStringLiteralLike(argument)) use(resolve(file, argument.text), '*')
    } else if (ts.isImportTypeNode(node)) {
      const argument = node.argument
      if (ts.isLiteralTypeNode(argument) && ts.isStringLiteral(argument.literal)) use(resolve(file, argument.literal.text), '*')
    } else if ((ts.isPropertyAccessExpression(node) || ts.isQualifiedName(node)) && namespaces.size > 0) {
      const left = ts.isPropertyAccessExpression(node) ? node.expression : node.left
      const right = ts.isPropertyAccessExpression(node) ? node.name : node.right
      if (ts.isIdentifier(left) && namespaces.has(left.text)) use(namespaces.get(left.text), right.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  exportsOf.set(file, exported)
}

const unused = []
for (const [file, exported] of exportsOf) {
  const relative = path.relative(root, file)
  const names = used.get(file) ?? new Set()
  const allowedNames = allowed[relative]?.names ?? []
  if (names.has('*') || allowedNames.includes('*')) continue
  for (const [name, line] of exported) {
    if (!names.has(name) && !allowedNames.includes(name))
      unused.push(`${relative}:${line}: ${name} is exported but no other file imports it`)
  }
}

for (const relative of Object.keys(allowed)) {
  if (!known.has(path.join(root, relative))) unused.push(`scripts/unused-exports.js: allowed lists ${relative}, which does not exist`)
}

if (unused.length > 0) {
  console.error(unused.join('\n'))
  console.error(
    `\n${unused.length} unused export(s): remove them, drop the export keyword if the file uses the name itself, or list a deliberate one in scripts/unused-exports.js with its reason.`,
  )
  process.exit(1)
}
