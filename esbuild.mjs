// Builds every bundle: the extension (Node, `vscode` external), the webviews
// (browser) and the CLI. `--watch` rebuilds on change; `--production` minifies.
import * as esbuild from 'esbuild';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

/** @type {import('esbuild').BuildOptions[]} */
const bundles = [
  {
    entryPoints: { cli: 'src/cli/main.ts' },
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    banner: { js: '#!/usr/bin/env node' },
  },
];

const common = {
  bundle: true,
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
