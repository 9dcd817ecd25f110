import * as os from 'os';
import * as vscode from 'vscode';
import { DASHBOARD_ACTOR } from '../../core/actions/activity';
import { teamEvents } from '../../core/actions/events';
import { createExclusive } from '../../core/edit/edit-file';
import { CortexInputError } from '../../core/edit/errors';
import { registerAgent, slugify } from '../../core/ops/register';
import { BUILTIN_AGENT_TEMPLATE, BUILTIN_PROJECT_TEMPLATE } from '../../core/team/builtin-templates';
import { AGENT_TEMPLATE, AGENTS_DIR, PROJECTS_DIR, PROJECT_TEMPLATE, agentNotePath, agentTasksPath } from '../../core/team/team-paths';
import { encodeText } from '../../core/text/text';
import { formatDate } from '../../base/time';
import { Services } from '../services';
import { displayPath, isTeamFolder } from '../team/team-locator';

/**
 * "Cortex: Create Team Folder": what the protocol's setup does. In the chosen folder:
 * `agents/`, `projects/`, `templates/agent-template.md` and
 * `templates/project-template.md` (files already there are kept), and a
 * `chief-of-staff` agent (note and empty tasks.md) registered by the core's own
 * `registerAgent`. Written through the writer (Restricted Mode writes nothing).
 */
export interface CreatedTeam {
  readonly uri: vscode.Uri;
  /** The chief of staff's note, when this run created it. */
  readonly chiefNote: vscode.Uri | undefined;
}

export const CHIEF_OF_STAFF = {
  name: 'Chief of Staff',
  role: 'Coordinates the team: dispatches tasks, watches liveness, writes the daily briefing and review.',
  capabilities: ['Dispatching tasks to agents', 'Monitoring agent liveness', 'Daily briefing and review', 'Housekeeping'],
};

/** `c.clock`: the extension's clock (the chief of staff's joined date). */
export async function createTeamFolder(c: Pick<Services, 'prompts' | 'log' | 'writer' | 'clock'>, target?: vscode.Uri): Promise<CreatedTeam | undefined> {
  const { prompts, log } = c;
  if (!target) {
    const picked = await prompts.openDialog({
      canSelectFolders: true,
      canSelectFiles: false,
      canSelectMany: false,
      defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(os.homedir()),
      openLabel: 'Create Team Here',
      title: 'Cortex: Create Team Folder (agents/, projects/ and templates/ go in the folder you pick)',
    });
    target = picked?.[0];
    if (!target) return undefined;
  }
  if (await isTeamFolder(target)) {
    const show = 'Show It';
    const answer = await prompts.info(`${displayPath(target)} is already a Cortex team folder.`, show);
    return answer === show ? { uri: target, chiefNote: undefined } : undefined;
  }

  const folder = target;
  const chief = slugify(CHIEF_OF_STAFF.name);
  try {
    const paths = [AGENT_TEMPLATE, PROJECT_TEMPLATE, agentNotePath(chief), agentTasksPath(chief)];
    const event = (r: { chiefNote: vscode.Uri | undefined }) => teamEvents.teamCreated(DASHBOARD_ACTOR, r.chiefNote ? chief : null, paths);
    return await c.writer.write({ what: 'create a team folder', folder, feedFolder: folder, paths, event }, async (fs) => {
      await vscode.workspace.fs.createDirectory(fs.uri(AGENTS_DIR));
      await vscode.workspace.fs.createDirectory(fs.uri(PROJECTS_DIR));
      await createExclusive(fs, AGENT_TEMPLATE, encodeText(BUILTIN_AGENT_TEMPLATE));
      await createExclusive(fs, PROJECT_TEMPLATE, encodeText(BUILTIN_PROJECT_TEMPLATE));
      let chiefNote: vscode.Uri | undefined;
      try {
        const registered = await registerAgent(fs, { ...CHIEF_OF_STAFF, joined: formatDate(c.clock.now()) });
        chiefNote = fs.uri(registered.notePath);
      } catch (e) {
        if (!(e instanceof CortexInputError)) throw e;
        log.info(`Create Team Folder: ${e.message}`); // already there: keep it
      }
      log.info(`Created a team folder at ${folder.toString(true)}`);
      return { uri: folder, chiefNote };
    });
  } catch (e) {
    await prompts.error(`Cortex: cannot create a team folder in ${displayPath(target)}: ${e instanceof Error ? e.message : String(e)}`);
    return undefined;
  }
}
