// Fails when a function in src/ or webview/ runs over MAX_LINES lines (issue 14: a long
// function is split into named parts). Run by `npm run typecheck`, so CI enforces it.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const MAX_LINES = 80;
const ROOTS = ['src', 'webview'];
const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(p);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield p;
  }
}

function nameOf(node) {
  if (node.name) return node.name.getText();
  if (node.parent && ts.isVariableDeclaration(node.parent)) return node.parent.name.getText();
  if (node.parent && ts.isPropertyAssignment(node.parent)) return node.parent.name.getText();
  return ts.isConstructorDeclaration(node) ? 'constructor' : '(anonymous)';
}

const long = [];
let functions = 0;
for (const root of ROOTS) {
  for (const file of sourceFiles(path.join(repoRoot, root))) {
    const text = readFileSync(file, 'utf8');
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node) => {
      if (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isConstructorDeclaration(node)) {
        functions++;
        const start = sf.getLineAndCharacterOfPosition(node.getStart()).line;
        const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
        const lines = end - start + 1;
        if (lines > MAX_LINES) long.push(`${path.relative(repoRoot, file)}:${start + 1} ${nameOf(node)} is ${lines} lines`);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
}
if (long.length) {
  console.error(`functions: ${long.length} over ${MAX_LINES} lines (split each into named parts):\n  ${long.join('\n  ')}`);
  process.exit(1);
}
console.log(`functions: ${functions} in ${ROOTS.join(', ')}, none over ${MAX_LINES} lines`);
