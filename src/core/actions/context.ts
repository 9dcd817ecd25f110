import { EditOptions } from '../edit/edit-file';
import { CortexInputError } from '../edit/errors';
import { TeamFs } from '../fs/team-fs';
import { isSkippedName } from '../team/team-paths';
import { nowStamp } from '../../base/time';
import { ActivityRecord, ActivityVia, recordActivity } from './activity';

/**
 * The agent operations: what an agent does to the team through Cortex (claim,
 * complete, tick, dispatch, a worklog entry, mailbox messages), each implemented once
 * here and offered through two front doors, the MCP server's tools and the CLI's
 * verbs. Each checks its input with the input rules (input-rules.ts), writes a core
 * operation (a `TextOperation` with `holds`) through the one writer, which reads it
 * back and puts it back within the settle window of `edit` when an agent's stale
 * write removed it, records the write in the activity feed and returns a sentence for
 * people and plain data for programs. Failures are the core's errors, which both doors
 * tell apart the same way (`failureKind`: input, conflict, unconfirmed, file).
 */
export interface ActionContext {
  readonly fs: TeamFs;
  readonly edit?: EditOptions;
  /** The current time (tests and `--now` pin it). Read once per operation. */
  readonly clock: () => Date;
  readonly via: ActivityVia;
}

export interface ActionResult<T> {
  /** One or more sentences for people (the CLI prints it, the MCP tool returns it). */
  readonly message: string;
  /** The same as data (`--json`, the tool's structured content). */
  readonly data: T;
}

/** One reading of the clock: the Date and its protocol timestamp (local wall-clock). */
export function readClock(ctx: ActionContext): { readonly at: Date; readonly stamp: string } {
  const at = ctx.clock();
  return { at, stamp: nowStamp(at) };
}

/**
 * Records a write in the activity feed. The write itself already happened: a feed that
 * cannot be written does not undo it, so the failure comes back as a sentence to add to
 * the result, never as an error.
 */
export async function recordWrite(ctx: ActionContext, rec: ActivityRecord, at: Date): Promise<string> {
  try {
    // The feed is ours alone (agents read it, never write it), so it is read back once
    // rather than watched for a settle window: a write waits for its task file only.
    await recordActivity(ctx.fs, rec, at, ctx.via, { ...ctx.edit, settleMs: 0 });
    return '';
  } catch (e) {
    return ` (Not recorded in the activity feed: ${e instanceof Error ? e.message : String(e)})`;
  }
}

/** The registered agents' slugs (folders under agents/), sorted. */
export async function knownAgents(fs: TeamFs): Promise<string[]> {
  return (await fs.list('agents')).filter((e) => e.kind === 'directory' && !isSkippedName(e.name)).map((e) => e.name).sort();
}

/**
 * `slug` when it names a registered agent; else a `CortexInputError` that lists the
 * known ones. `what` names where the slug came from ("--agent", "agent").
 */
export async function checkAgentSlug(fs: TeamFs, slug: string, what: string): Promise<string> {
  const known = await knownAgents(fs);
  // Only a folder listed under agents/ passes, so no path can reach outside it.
  if (known.includes(slug)) return slug;
  const list = known.length ? `known agents: ${known.join(', ')}` : 'no agents are registered yet';
  throw new CortexInputError(`Unknown agent "${slug}" (${what}); ${list}.`);
}
