/** The parsed team, as every view and the CLI see it. Plain data: safe to post to a webview. */
import type { LaunchProfile } from '../agents/launch-profile';
import type { ToolRules } from '../agents/tool-rules';

export type Severity = 'error' | 'warning' | 'info';

export interface Diagnostic {
  /** Relative to the team folder, with `/`. */
  readonly file: string;
  /** 1-based. */
  readonly line: number;
  readonly severity: Severity;
  readonly message: string;
}

export interface Task {
  readonly title: string;
  /** `ready` | `in-progress` | `done` (base/task-status.ts) when recognizable (any case or spacing), else the value as written; `null` when the task has no status line. */
  readonly status: string | null;
  readonly started: string | null;
  readonly completed: string | null;
  readonly summary: string | null;
  readonly body: string;
  /** Other `**Key:** value` lines, e.g. Priority. */
  readonly fields: Readonly<Record<string, string>>;
  /** 1-based line of the `## ` heading. */
  readonly line: number;
  /** The hidden id marker a dispatched task carries (`<!-- cortex-team:id … -->`, parse/task-id.ts), or null. */
  readonly id: string | null;
}

export interface TaskFile {
  readonly tasks: readonly Task[];
  readonly lastTick: string | null;
  readonly lastTickLine: number | null;
  readonly diagnostics: readonly Diagnostic[];
}

export interface SessionLogEntry {
  readonly lastSession: string;
  readonly status: string | null;
  /** 1-based line of `Last session:`. */
  readonly line: number;
}

export interface Agent {
  readonly slug: string;
  readonly name: string;
  readonly status: string | null;
  readonly project: string | null;
  readonly joined: string | null;
  readonly role: string | null;
  readonly capabilities: readonly string[];
  /** Project slugs from `## Projects`. */
  readonly projects: readonly string[];
  readonly sessionLog: readonly SessionLogEntry[];
  readonly parent: string | null;
  readonly level: number | null;
  /** How the dashboard starts the agent (the note's `launch:`); absent when the note names none. */
  readonly launch?: LaunchProfile;
  /** The note's `allow_tools:` / `deny_tools:` (core/agents/tool-rules.ts); absent when it has neither. */
  readonly tools?: ToolRules;
  /** Team-relative path of the agent note, `null` when the folder has none. */
  readonly notePath: string | null;
  readonly tasksPath: string;
  readonly tasks: readonly Task[];
  readonly lastTick: string | null;
  readonly lastTickLine: number | null;
  /**
   * When its ready tasks were dispatched (the oldest; from the activity feed, see
   * `core/team/pickup.ts`), when every one of them has a known dispatch; else absent.
   */
  readonly dispatchedAt?: string | null;
}

export interface Project {
  readonly slug: string;
  readonly path: string;
  readonly type: string | null;
  readonly status: string | null;
  readonly created: string | null;
  readonly nextAction: string | null;
  readonly notes: string | null;
}

export interface Team {
  readonly agents: readonly Agent[];
  readonly projects: readonly Project[];
  readonly templates: { readonly agent: string | null; readonly project: string | null };
  readonly diagnostics: readonly Diagnostic[];
}

export interface CortexConfig {
  readonly teamDir: string | null;
  readonly heartbeatMinutes: number;
  readonly dailyBriefing: string;
  readonly dailyReview: string;
}

export const DEFAULT_CONFIG: CortexConfig = {
  teamDir: null,
  heartbeatMinutes: 15,
  dailyBriefing: '09:00',
  dailyReview: '18:00',
};
