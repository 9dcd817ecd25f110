/**
 * The write operations: each a pure text transform, an operation for the writer (a
 * `TextOperation` whose `holds` makes it idempotent) and a wrapper that writes it
 * through `writeOperation`.
 */
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
