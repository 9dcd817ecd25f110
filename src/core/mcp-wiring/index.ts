/** Wiring the Cortex MCP server into each agent kind's configuration (see plan.ts). */
export * from './launch';
export * from './json-configs';
export * from './codex-toml';
export * from './plan';
