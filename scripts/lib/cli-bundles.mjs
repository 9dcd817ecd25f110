// The CLI's bundles, shared by esbuild.mjs and the tests that build the CLI:
// dist/cli.js (every verb), dist/mcp.js (the MCP server and its SDK), which cli.js
// loads only for `cortex-team mcp`, so the other verbs start without parsing the SDK,
// and dist/hook.js (`cortex-team hook` alone), which cli.js hands `hook` to before
// loading anything else: the agents' CLIs wait for every hook call.

/** Leaves `import('../mcp/main')` in cli.js as `require('./mcp.js')`, and `require('./hook-main')` as `require('./hook.js')`: the bundles beside it. */
const bundlesBesideCli = {
  name: 'bundles-beside-cli',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/mcp\/main$/ }, () => ({ path: './mcp.js', external: true }));
    build.onResolve({ filter: /^\.\/hook-main$/ }, () => ({ path: './hook.js', external: true }));
  },
};

/**
 * jsonc-parser's `main` is a UMD build whose inner `require('./impl/…')` calls esbuild
 * cannot follow; its ES module build bundles. Every bundle resolves it there.
 */
export const aliases = { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' };

const node = { platform: 'node', format: 'cjs', target: 'node20', alias: aliases };

/** @type {import('esbuild').BuildOptions[]} */
export const cliBundles = [
  { entryPoints: { cli: 'src/cli/main.ts' }, ...node, banner: { js: '#!/usr/bin/env node' }, plugins: [bundlesBesideCli] },
  { entryPoints: { mcp: 'src/mcp/main.ts' }, ...node },
  { entryPoints: { hook: 'src/cli/hook-main.ts' }, ...node },
];
