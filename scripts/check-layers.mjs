#!/usr/bin/env node
// The import rules of the house, checked on every import in src/ and webview/ (run by
// `npm run typecheck`, which `npm test` runs):
//
//   base  <-  core  <-  git, cli, mcp  <-  extension (services)  <-  views  <-  app
//
// - A layer imports only layers to its left (git, cli and mcp may use each other's
//   left neighbours: cli uses git). Nothing left of `extension` imports `vscode`;
//   `base` imports nothing at all. mcp (the MCP server, which `cortex-team mcp` loads)
//   imports only core and base, so the server the agents call is the core's operations
//   and nothing else.
// - A view (src/views/<view>/) imports no other view; src/views/shared/ imports none.
// - A page (webview/<view>/) imports from src/ only its view's common/ folder and
//   src/base/ (which imports nothing: the vocabulary both sides share);
//   webview/shared/ only src/views/shared/common/ and src/base/.
// - A common/ folder is what a page bundles: it imports only its own folder,
//   src/views/shared/common/ and src/base/, plus types (`import type`, erased) from
//   src/core/. No package, no Node module, no `vscode`.
// - No import cycle, between files or between layers.
//
//   node scripts/check-layers.mjs [--root DIR] [--quiet]
// Prints a summary (files, imports, arrows pointing up, cycles, page-to-host imports)
// and every violation; exits 1 when there is one.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const rootIndex = args.indexOf('--root');
const root = path.resolve(rootIndex >= 0 ? args[rootIndex + 1] : path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
const quiet = args.includes('--quiet');

// The TypeScript parser of the project being checked (a fixture root uses this repo's).
const require = createRequire(existsSync(path.join(root, 'node_modules', 'typescript')) ? path.join(root, 'package.json') : import.meta.url);
const ts = require('typescript');

/**
 * Layers of src/, left to right; an import may point only left (or stay in its rank).
 * `uses`: the only other layers this one may import, when narrower than everything left of it.
 */
const LAYERS = [
  { name: 'base', dirs: ['src/base'], rank: 0 },
  { name: 'core', dirs: ['src/core'], rank: 1 },
  { name: 'git', dirs: ['src/git'], rank: 2 },
  { name: 'cli', dirs: ['src/cli'], rank: 3 },
  { name: 'mcp', dirs: ['src/mcp'], rank: 3, uses: ['core', 'base'] },
  { name: 'extension', dirs: ['src/extension'], rank: 4 },
  { name: 'views', dirs: ['src/views'], rank: 5 },
  { name: 'app', dirs: ['src/app'], rank: 6 },
];
const NO_VSCODE_BELOW = 4; // ranks under this never import `vscode`
const NODE_MODULES = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

// ---- reading ----------------------------------------------------------------------

function sourceFiles(dir) {
  const out = [];
  const abs = path.join(root, dir);
  if (!existsSync(abs)) return out;
  for (const entry of readdirSync(abs, { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') out.push(...sourceFiles(rel));
    } else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

/** Every import, export-from, `require()` and `import()` of a file, and whether it is only for types. */
function importsOf(file) {
  const text = readFileSync(path.join(root, file), 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  const add = (node, spec, typeOnly) => {
    const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    found.push({ spec, typeOnly, line: line + 1 });
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && !!clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      add(node, node.moduleSpecifier.text, typeOnly);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node, node.moduleSpecifier.text, node.isTypeOnly);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
      add(node, node.moduleReference.expression.text, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isStringLiteral(node.arguments[0]) && (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require'))) {
      add(node, node.arguments[0].text, false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node, node.argument.literal.text, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** A relative specifier as a repo-relative file; anything else as it is (a package, `vscode`, a Node module). */
function resolve(from, spec) {
  if (!spec.startsWith('.')) return { external: spec };
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    const abs = path.join(root, candidate);
    if (existsSync(abs) && statSync(abs).isFile()) return { file: candidate };
  }
  return { missing: base };
}

// ---- where a file belongs ------------------------------------------------------------

function layerOf(file) {
  return LAYERS.find((l) => l.dirs.some((d) => file.startsWith(`${d}/`)));
}

/** `src/views/<view>/…` → view name (`shared` included). */
function viewOf(file) {
  const m = /^src\/views\/([^/]+)\//.exec(file);
  return m ? m[1] : undefined;
}

/** `webview/<view>/…` → view name (`shared` included). */
function pageOf(file) {
  const m = /^webview\/([^/]+)\//.exec(file);
  return m ? m[1] : undefined;
}

/** The common/ folder a file is in: `src/views/<view>/common/…` → view name. */
function commonOf(file) {
  const m = /^src\/views\/([^/]+)\/common\//.exec(file);
  return m ? m[1] : undefined;
}

function isPackage(spec) {
  return !NODE_MODULES.has(spec) && spec !== 'vscode';
}

// ---- the rules --------------------------------------------------------------------

/** What is wrong with `from` importing `to` (`null`: nothing). */
function violation(from, to, typeOnly) {
  const fromLayer = layerOf(from);
  const page = pageOf(from);
  const common = commonOf(from);

  if (to.external !== undefined) {
    const spec = to.external;
    if (common !== undefined) return `a common/ folder is bundled into a page: it imports no package or module ("${spec}")`;
    if (page !== undefined) return spec === 'vscode' || NODE_MODULES.has(spec) ? `a page runs in the browser: no "${spec}"` : null;
    if (fromLayer?.name === 'base') return `base imports nothing ("${spec}")`;
    if (spec === 'vscode' && fromLayer && fromLayer.rank < NO_VSCODE_BELOW) return `${fromLayer.name} never imports vscode`;
    return null;
  }
  if (to.missing !== undefined) return `cannot resolve ${to.missing}`;

  const target = to.file;
  if (page !== undefined) {
    if (target.startsWith('webview/')) {
      const other = pageOf(target);
      if (other === page || other === 'shared') return null;
      return `a page imports no other page (webview/${other}/)`;
    }
    if (layerOf(target)?.name === 'base') return null;
    if (page === 'shared') return commonOf(target) === 'shared' ? null : `webview/shared/ imports from src/ only src/views/shared/common/ and src/base/ (${target})`;
    return commonOf(target) === page ? null : `a page imports from src/ only src/views/${page}/common/ and src/base/ (${target})`;
  }
  if (target.startsWith('webview/')) return `host code never imports a page (${target})`;

  if (common !== undefined) {
    const targetCommon = commonOf(target);
    if (targetCommon === common || targetCommon === 'shared') return null;
    if (layerOf(target)?.name === 'base') return null;
    if (layerOf(target)?.name === 'core' && typeOnly) return null;
    return `a common/ folder is bundled into a page: it imports only its own folder, src/views/shared/common/, src/base/ and core types (${target})`;
  }

  const toLayer = layerOf(target);
  if (!fromLayer || !toLayer) return null; // bench/, scripts/: not layered
  if (toLayer.rank > fromLayer.rank) return `arrow up: ${fromLayer.name} imports ${toLayer.name} (${target})`;
  if (fromLayer.uses && toLayer !== fromLayer && !fromLayer.uses.includes(toLayer.name)) {
    return `${fromLayer.name} imports only ${fromLayer.uses.join(' and ')}: not ${toLayer.name} (${target})`;
  }
  if (fromLayer.name === 'views' && toLayer.name === 'views') {
    const a = viewOf(from);
    const b = viewOf(target);
    if (a !== b && b !== 'shared') return `a view imports no other view: ${a} imports ${b} (${target})`;
    if (a === 'shared' && b !== 'shared') return `src/views/shared/ imports no view (${target})`;
  }
  return null;
}

// ---- cycles -------------------------------------------------------------------------

/** Strongly connected components with more than one node (or a self-loop): Tarjan's. */
function cyclesOf(nodes, edgesOf) {
  let index = 0;
  const stack = [];
  const info = new Map();
  const out = [];
  const strong = (v) => {
    info.set(v, { index, low: index, onStack: true });
    index++;
    stack.push(v);
    for (const w of edgesOf(v)) {
      if (!info.has(w)) {
        strong(w);
        info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
      } else if (info.get(w).onStack) info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
    }
    if (info.get(v).low === info.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        info.get(w).onStack = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || edgesOf(v).includes(v)) out.push(component.sort());
    }
  };
  for (const v of nodes) if (!info.has(v)) strong(v);
  return out;
}

// ---- main ---------------------------------------------------------------------------

const files = [...sourceFiles('src'), ...sourceFiles('webview')].sort();
const problems = [];
const edges = new Map(files.map((f) => [f, []]));
/** The imports that stay in the built code (not `import type`): what a bundle carries. */
const valueEdges = new Map(files.map((f) => [f, []]));
let imports = 0;
let up = 0;
let pageToHost = 0;
let viewToView = 0;
for (const file of files) {
  for (const imp of importsOf(file)) {
    imports++;
    const to = resolve(file, imp.spec);
    if (to.file) edges.get(file)?.push(to.file);
    if (to.file && !imp.typeOnly) valueEdges.get(file)?.push(to.file);
    const why = violation(file, to, imp.typeOnly);
    if (!why) continue;
    problems.push(`${file}:${imp.line}: ${why}`);
    if (why.startsWith('arrow up')) up++;
    else if (why.startsWith('a view imports no other view') || why.startsWith('src/views/shared/ imports no view')) viewToView++;
    else if (pageOf(file) !== undefined || commonOf(file) !== undefined) pageToHost++;
  }
}
const fileCycles = cyclesOf(files, (f) => [...new Set(edges.get(f) ?? [])]);
for (const c of fileCycles) problems.push(`import cycle between files: ${c.join(' → ')}`);

// Folders as a layer sees them: src/<layer> (src/views/<view> each), webview/<view>.
const unitOf = (f) => (viewOf(f) ? `src/views/${viewOf(f)}` : pageOf(f) ? `webview/${pageOf(f)}` : f.split('/').slice(0, 2).join('/'));
const unitEdges = new Map();
for (const [f, targets] of edges) {
  for (const t of targets) {
    const a = unitOf(f);
    const b = unitOf(t);
    if (a === b) continue;
    if (!unitEdges.has(a)) unitEdges.set(a, new Set());
    unitEdges.get(a).add(b);
  }
}
const units = [...new Set(files.map(unitOf))].sort();
const unitCycles = cyclesOf(units, (u) => [...(unitEdges.get(u) ?? [])]);
for (const c of unitCycles) problems.push(`import cycle between folders: ${c.join(' ↔ ')}`);

// What the page bundles carry from src/ beyond the common/ folders and base/.
const bundled = new Set();
for (const entry of files.filter((f) => /^webview\/[^/]+\/main\.tsx$/.test(f))) {
  const seen = new Set();
  const todo = [entry];
  while (todo.length > 0) {
    const f = todo.pop();
    if (seen.has(f)) continue;
    seen.add(f);
    if (f.startsWith('src/') && commonOf(f) === undefined && layerOf(f)?.name !== 'base') bundled.add(f);
    todo.push(...(valueEdges.get(f) ?? []));
  }
}

if (!quiet || problems.length > 0) {
  console.log(
    `layers: ${files.length} files, ${imports} imports; ${up} arrows up, ${viewToView} view-to-view, ${pageToHost} page-to-host ` +
      `(page bundles reach ${bundled.size} host files), ` +
      `${fileCycles.length} file cycles, ${unitCycles.length} folder cycles; ${problems.length} ${problems.length === 1 ? 'violation' : 'violations'}`,
  );
}
for (const p of problems) console.log(`  ${p}`);
process.exit(problems.length > 0 ? 1 : 0);
