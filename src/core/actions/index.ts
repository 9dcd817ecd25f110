/** The agent operations shared by the MCP server and the CLI verbs (see context.ts). */
export * from './context';
export * from './activity';
export * from './events';
export * from './tasks';
export * from './dispatch-rights';
export * from './status';
export * from './worklog';
export * from './messages';
