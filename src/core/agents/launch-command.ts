import { CortexCommand } from '../mcp-wiring/launch';
import { tomlString } from '../mcp-wiring/codex-toml';
import { ProtocolRuntime, runtimeSpec } from '../protocol-file/protocol';
import { ACP_PROGRAMS, AgentCli, CLI_PROGRAMS, LaunchProfile, shellWord, splitWords } from './launch-profile';

/**
 * The command line that starts an agent from its launch profile, with the protocol's
 * first prompt, and the `cortex-team hook` command its CLI runs to report its turn
 * state. Pure: the extension runs the line in the agent's terminal.
 *
 * How each CLI takes a first prompt and keeps the session open afterwards:
 * - Claude Code, Codex, Cursor Agent: the prompt as the last argument;
 * - Gemini CLI: `--prompt-interactive` (`-i`), since a bare prompt would not stay
 *   interactive in every version;
 * - the stand-in (`cortex-team simulate`): `--prompt`;
 * - a custom command: the prompt as the last argument.
 * Codex also gets `-c notify=[…]`: its turn-complete program, our hook verb.
 */
export interface LaunchContext {
  readonly slug: string;
  /** The team folder as the agent's machine sees it (absolute). */
  readonly teamDir: string;
  /** How `cortex-team` is run here (the extension's bundled CLI by path, or the command on PATH). */
  readonly cortex: CortexCommand;
  readonly firstPrompt: string;
  /** The dashboard's id for this start (CORTEX_RUN_ID in the agent's environment, which its hooks report back). */
  readonly runId?: string;
}

export interface LaunchLine {
  readonly program: string;
  readonly args: readonly string[];
  /** Environment added for the agent (the profile's, and CORTEX_TEAM / CORTEX_AGENT / CORTEX_RUN_ID). */
  readonly env: Readonly<Record<string, string>>;
  /** Variables of the terminal's environment the program must not see (the line runs it through `env -u`). */
  readonly unsetEnv?: readonly string[];
}

/**
 * What makes Gemini CLI's TUI open dialogs no hook reports, which a typed tick would
 * answer: TERM_PROGRAM=vscode makes it offer to connect to VS Code (the highlighted
 * answer installs an extension), and that or VS Code's git variables make it offer to
 * set up the terminal's keybindings. Unset for the agent, neither is asked.
 */
/** CORTEX_RUN_ID again, under a name Gemini CLI never takes out of its hooks' environment. */
export const GEMINI_RUN_ID_ENV = 'GEMINI_CLI_CORTEX_RUN_ID';

export const GEMINI_DIALOG_ENV = ['TERM_PROGRAM', 'VSCODE_GIT_IPC_HANDLE', 'VSCODE_GIT_ASKPASS_MAIN'] as const;

/** The runtime whose protocol file a CLI reads (`null`: a custom command, whose reading is its own). */
export function runtimeOfCli(cli: AgentCli): ProtocolRuntime | null {
  switch (cli) {
    case 'claude-code':
    case 'simulate': // the stand-in writes Claude Code's transcript format and reads .cortex.md's protocol
      return 'claude-code';
    case 'codex':
      return 'codex';
    case 'gemini':
      return 'gemini';
    case 'cursor':
      return 'cursor';
    case 'custom':
      return null;
  }
}

/**
 * The first prompt of a session started here: who the agent is, where its protocol
 * is, and to start as the protocol says. Never a `Cortex tick:` prompt: the idle check
 * must let a session start through even with an empty queue.
 */
export function firstPrompt(agentName: string, cli: AgentCli, tasksPath: string): string {
  const runtime = runtimeOfCli(cli);
  const protocol = runtime ? runtimeSpec(runtime).protocolFile : 'your Cortex protocol file';
  return `Cortex: you are ${agentName}. Read ${protocol} (your Cortex protocol) and follow its steps for the start of a session, then check ${tasksPath} for work and continue.`;
}

/** How `cortex-team` is started, as a program and its first arguments. */
export function cortexArgv(cortex: CortexCommand): string[] {
  return cortex.kind === 'node' ? [cortex.node ?? 'node', cortex.cliPath] : ['cortex-team'];
}

/**
 * The hook command every CLI runs to report a turn state (see `run-state.ts`): the
 * payload arrives on stdin (Claude Code, Gemini CLI, Codex hooks) or as the last
 * argument (Codex `notify`); `--source` says which CLI wrote it; `--run`, on a command
 * line made for one start (Codex's notify), which terminal it is (the hooks in a
 * settings file get it from CORTEX_RUN_ID instead).
 */
export function hookArgv(cortex: CortexCommand, teamDir: string, slug: string, source: HookSource, run?: string): string[] {
  return [...cortexArgv(cortex), 'hook', '--team', teamDir, '--agent', slug, '--source', source, ...(run ? ['--run', run] : [])];
}

export const HOOK_SOURCES = ['claude-code', 'codex', 'gemini', 'simulate'] as const;
export type HookSource = (typeof HOOK_SOURCES)[number];

/** The hook command as one POSIX shell line (what the JSON hook configurations hold). */
export function hookShellCommand(cortex: CortexCommand, teamDir: string, slug: string, source: HookSource): string {
  return hookArgv(cortex, teamDir, slug, source).map(shellWord).join(' ');
}

export function launchLine(profile: LaunchProfile, ctx: LaunchContext): LaunchLine {
  const env = { ...profile.env, CORTEX_TEAM: ctx.teamDir, CORTEX_AGENT: ctx.slug, ...(ctx.runId ? { CORTEX_RUN_ID: ctx.runId } : {}) };
  switch (profile.cli) {
    case 'simulate': {
      const [program, ...first] = profile.command ? [profile.command] : cortexArgv(ctx.cortex);
      return { program, args: [...first, 'simulate', '--team', ctx.teamDir, '--agent', ctx.slug, ...profile.args, '--prompt', ctx.firstPrompt], env };
    }
    case 'gemini': {
      // Gemini CLI may hand its hooks a redacted environment (always in CI); a GEMINI_CLI_ name is never redacted.
      const run: Record<string, string> = ctx.runId ? { [GEMINI_RUN_ID_ENV]: ctx.runId } : {};
      return { program: profile.command ?? CLI_PROGRAMS.gemini, args: [...profile.args, '--prompt-interactive', ctx.firstPrompt], env: { ...env, ...run }, unsetEnv: GEMINI_DIALOG_ENV };
    }
    case 'codex': {
      const notify = `notify=[${hookArgv(ctx.cortex, ctx.teamDir, ctx.slug, 'codex', ctx.runId).map(tomlString).join(', ')}]`;
      return { program: profile.command ?? CLI_PROGRAMS.codex, args: ['-c', notify, ...profile.args, ctx.firstPrompt], env };
    }
    case 'claude-code':
    case 'cursor':
      return { program: profile.command ?? CLI_PROGRAMS[profile.cli], args: [...profile.args, ctx.firstPrompt], env };
    case 'custom': {
      // A custom command may be a whole line ("./run-agent.sh --fast").
      const [program, ...rest] = splitWords(profile.command!);
      return { program, args: [...rest, ...profile.args, ctx.firstPrompt], env };
    }
  }
}

/** The line as a POSIX shell runs it. */
export function shellLine(line: Pick<LaunchLine, 'program' | 'args' | 'unsetEnv'>): string {
  const unset = (line.unsetEnv ?? []).flatMap((name) => ['-u', name]);
  return [...(unset.length ? ['env', ...unset] : []), line.program, ...line.args].map(shellWord).join(' ');
}

/** How an agent on the `acp` channel is started: its ACP agent's program and arguments, and the session mode to ask for. */
export interface AcpCommand {
  readonly program: string;
  readonly args: readonly string[];
  /** The mode set after `session/new` where the agent offers it. */
  readonly mode?: string;
}

/**
 * The ACP agent for a profile (see ACP_PROGRAMS): Gemini CLI with `--acp`; Claude Code's
 * adapter in its `default` mode (it asks before each tool call the project's rules do
 * not allow, where `auto` would have a classifier judge them); Codex's adapter; a custom
 * command as written. `null` for a CLI with no ACP agent.
 */
export function acpCommand(profile: LaunchProfile): AcpCommand | null {
  switch (profile.cli) {
    case 'gemini':
      return { program: profile.command ?? ACP_PROGRAMS.gemini!, args: [...profile.args, '--acp'] };
    case 'claude-code':
      return { program: profile.command ?? ACP_PROGRAMS['claude-code']!, args: [...profile.args], mode: 'default' };
    case 'codex':
      return { program: profile.command ?? ACP_PROGRAMS.codex!, args: [...profile.args] };
    case 'custom': {
      const [program, ...rest] = splitWords(profile.command ?? '');
      return program ? { program, args: [...rest, ...profile.args] } : null;
    }
    default:
      return null;
  }
}
