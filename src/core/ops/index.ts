/** The write operations: each a pure text transform plus a wrapper that applies it through `editFile`. */
export * from './dispatch';
export * from './move';
export * from './reorder';
export * from './reassign';
export * from './register';
export * from './prune';
export * from './claim';
export * from './complete';
export * from './tick';
export { agentFolder, agentNotePath, agentTasksPath } from './shared';
