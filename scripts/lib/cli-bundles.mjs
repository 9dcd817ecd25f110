// The CLI's two bundles, shared by esbuild.mjs and the tests that build the CLI:
// dist/cli.js (every verb) and dist/mcp.js (the MCP server and its SDK), which cli.js
// loads only for `cortex-team mcp`, so the other verbs start without parsing the SDK.

/** Leaves `import('../mcp/main')` in cli.js as `require('./mcp.js')`, the bundle beside it. */
const mcpBesideCli = {
  name: 'mcp-beside-cli',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/mcp\/main$/ }, () => ({ path: './mcp.js', external: true }));
  },
};

const node = { platform: 'node', format: 'cjs', target: 'node20' };

/** @type {import('esbuild').BuildOptions[]} */
export const cliBundles = [
  { entryPoints: { cli: 'src/cli/main.ts' }, ...node, banner: { js: '#!/usr/bin/env node' }, plugins: [mcpBesideCli] },
  { entryPoints: { mcp: 'src/mcp/main.ts' }, ...node },
];
