import * as os from 'os';
import * as vscode from 'vscode';
import { readTextFile } from '../../core/edit/edit-file';
import { CortexInputError } from '../../core/edit/errors';
import { WiringFilePlan, planAgentTrust, trustPaths } from '../../core/mcp-wiring/plan';
import { ProtocolRuntime, runtimeSpec } from '../../core/protocol-file/protocol';
import { VscodeTeamFs } from '../team/vscode-team-fs';
import { errorMessage } from './agent-picks';

/**
 * Generate Protocol File's MCP part: the files that start the Cortex server for the
 * agent (the core's `planWiring`, core/agent-setup), and the trust the
 * agent needs in the user's home before it loads them (`planAgentTrust`), which is
 * only ever offered, with its diff, never written on its own.
 */

/** The agent's trust step for a project, as far as the home folder shows it. */
export interface TrustOffer {
  /** The agent kind's name ("Codex"). */
  readonly agent: string;
  /** The home folder the plans are relative to. */
  readonly home: vscode.Uri;
  /** The files that would change (empty: the project is trusted already). */
  readonly plans: readonly WiringFilePlan[];
  /** Why the trust cannot be written from here (a file unreadable or not mergeable). */
  readonly problem?: string;
  /** The files, as `~/…`, for messages. */
  readonly files: readonly string[];
}

/** The user's home folder, on the side of the window the project folder is on. */
export function homeFolder(like: vscode.Uri): vscode.Uri {
  return like.scheme === 'file' ? vscode.Uri.file(os.homedir()) : like.with({ path: os.homedir().replace(/\\/g, '/') });
}

/** What trusting `project` (a path as the agent sees it) takes for `runtime`; `undefined` when the agent asks in its own window (Cursor). */
export async function trustOffer(runtime: ProtocolRuntime, project: string, home: vscode.Uri): Promise<TrustOffer | undefined> {
  const paths = trustPaths(runtime);
  if (paths.length === 0) return undefined;
  const agent = runtimeSpec(runtime).label;
  const files = paths.map((p) => `~/${p}`);
  const fs = new VscodeTeamFs(home);
  const texts = new Map<string, string | undefined>();
  for (const path of paths) {
    try {
      texts.set(path, await readTextFile(fs, path));
    } catch (e) {
      return { agent, home, plans: [], files, problem: `~/${path} cannot be read: ${errorMessage(e)}` };
    }
  }
  try {
    const plans = planAgentTrust(runtime, project, (p) => texts.get(p)).filter((p) => p.change !== 'unchanged');
    return { agent, home, plans, files };
  } catch (e) {
    if (e instanceof CortexInputError) return { agent, home, plans: [], files, problem: e.message };
    throw e;
  }
}

/** The trust is missing (whether or not it can be written from here). */
export function untrusted(offer: TrustOffer | undefined): offer is TrustOffer {
  return !!offer && (offer.plans.length > 0 || offer.problem !== undefined);
}

/** The sentence that says the server will not load until the folder is trusted. */
export function notLoadedSentence(offer: TrustOffer, project: string): string {
  const how = offer.problem !== undefined ? `Cortex cannot trust it from here: ${offer.problem}` : `choose "Write and Trust the Folder" in Generate Protocol File, or trust the folder in ${offer.agent} itself`;
  return `${offer.agent} will not load the Cortex MCP server until ${project} is trusted (${offer.files.join(', ')}): ${how}`;
}
