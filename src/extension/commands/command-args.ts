/**
 * Commands can be invoked by anyone with anything (the palette with nothing, the
 * webview's context menu with its `data-vscode-context` object, another extension
 * with its own arguments). These read the ids out of whatever arrived. Pure.
 */

/** An agent slug from `"billing-dev"` or `{ agentSlug: "billing-dev" }`. */
export function agentArg(arg: unknown): string | undefined {
  return stringArg(arg, 'agentSlug');
}

/** A project slug from `"billing"` or `{ projectSlug: "billing" }`. */
export function projectArg(arg: unknown): string | undefined {
  return stringArg(arg, 'projectSlug');
}

/** Agent and task index from `("slug", 3)` or `{ agentSlug, taskIndex }`. */
export function taskArgs(arg: unknown, second: unknown): { agent: string; index: number } | undefined {
  if (typeof arg === 'string' && isIndex(second)) return { agent: arg, index: second };
  if (isRecord(arg) && typeof arg.agentSlug === 'string' && isIndex(arg.taskIndex)) return { agent: arg.agentSlug, index: arg.taskIndex };
  return undefined;
}

function stringArg(arg: unknown, key: string): string | undefined {
  if (typeof arg === 'string' && arg !== '') return arg;
  if (isRecord(arg) && typeof arg[key] === 'string' && arg[key] !== '') return arg[key] as string;
  return undefined;
}

function isIndex(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
