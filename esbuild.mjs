// Builds every bundle: the extension (Node, `vscode` external), the webviews
// (browser) and the CLI (cli.js, and mcp.js and hook.js which it loads for
// `cortex-team mcp` and `cortex-team hook`).
// `--watch` rebuilds on change; `--production` minifies.
import * as esbuild from 'esbuild';
import { copyFileSync, mkdirSync } from 'node:fs';
import { aliases, cliBundles } from './scripts/lib/cli-bundles.mjs';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

/** @type {import('esbuild').BuildOptions[]} */
const bundles = [
  ...cliBundles,
  { entryPoints: { extension: 'src/app/extension.ts' }, platform: 'node', format: 'cjs', target: 'node20', external: ['vscode'] },
  { entryPoints: [{ in: 'webview/team/main.tsx', out: 'team' }, { in: 'webview/team/styles.css', out: 'team' }], platform: 'browser', format: 'iife', target: 'es2022', jsx: 'automatic', jsxImportSource: 'preact' },
  { entryPoints: [{ in: 'webview/board/main.tsx', out: 'board' }, { in: 'webview/board/styles.css', out: 'board' }], platform: 'browser', format: 'iife', target: 'es2022', jsx: 'automatic', jsxImportSource: 'preact' },
  { entryPoints: [{ in: 'webview/threads/main.tsx', out: 'threads' }, { in: 'webview/threads/styles.css', out: 'threads' }], platform: 'browser', format: 'iife', target: 'es2022', jsx: 'automatic', jsxImportSource: 'preact' },
  { entryPoints: [{ in: 'webview/worklog/main.tsx', out: 'worklog' }, { in: 'webview/worklog/styles.css', out: 'worklog' }], platform: 'browser', format: 'iife', target: 'es2022', jsx: 'automatic', jsxImportSource: 'preact' },
  { entryPoints: [{ in: 'webview/insights/main.tsx', out: 'insights' }, { in: 'webview/insights/styles.css', out: 'insights' }], platform: 'browser', format: 'iife', target: 'es2022', jsx: 'automatic', jsxImportSource: 'preact' },
  { entryPoints: [{ in: 'webview/session/main.tsx', out: 'session' }, { in: 'webview/session/styles.css', out: 'session' }], platform: 'browser', format: 'iife', target: 'es2022', jsx: 'automatic', jsxImportSource: 'preact' },
  { entryPoints: { bench: 'bench/bench.ts' }, platform: 'node', format: 'cjs', target: 'node20' },
];

// The webviews load codicons from dist/, so the VSIX needs no node_modules.
mkdirSync('dist', { recursive: true });
for (const f of ['codicon.css', 'codicon.ttf']) copyFileSync(`node_modules/@vscode/codicons/dist/${f}`, `dist/${f}`);

const common = {
  bundle: true,
  alias: aliases,
  outdir: 'dist',
  sourcemap: !production,
  minify: production,
  logLevel: 'info',
};

if (watch) {
  const contexts = await Promise.all(bundles.map((b) => esbuild.context({ ...common, ...b })));
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  await Promise.all(bundles.map((b) => esbuild.build({ ...common, ...b })));
}
