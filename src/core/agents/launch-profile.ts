/**
 * Launch profiles: which command line runs an agent, kept where the team shares it
 * (the agent note's frontmatter, our documented extension of the protocol, like
 * `parent` and `level`) and overridden per person in the editor's settings.
 *
 *     launch: claude-code                 # the short form: just the CLI
 *
 *     launch:
 *       cli: codex                        # claude-code | codex | gemini | cursor | simulate | custom
 *       args: [--model, gpt-5-codex]      # added before the first prompt
 *       env: { CODEX_HOME: ~/.codex-work }
 *       command: /opt/bin/codex           # the program (required for custom; else the CLI's own name)
 *       worktree: false                   # run in its own git worktree (default: the setting, off)
 *       heartbeat: true                   # let the dashboard send the tick prompt (default: the setting, on)
 *       channel: acp                      # terminal (the CLI's own screen, the default) | acp (a structured
 *                                         #   session over the Agent Client Protocol; `command` then names
 *                                         #   the ACP agent: gemini (run with --acp), claude-agent-acp, codex-acp)
 *
 * Pure: values in, a profile and the problems found out.
 */

export const AGENT_CLIS = ['claude-code', 'codex', 'gemini', 'cursor', 'simulate', 'custom'] as const;
export type AgentCli = (typeof AGENT_CLIS)[number];

export function isAgentCli(value: unknown): value is AgentCli {
  return typeof value === 'string' && (AGENT_CLIS as readonly string[]).includes(value);
}

/** What people call each CLI. */
export const CLI_LABELS: Readonly<Record<AgentCli, string>> = {
  'claude-code': 'Claude Code',
  codex: 'Codex',
  gemini: 'Gemini CLI',
  cursor: 'Cursor Agent',
  simulate: 'Stand-in agent',
  custom: 'Custom command',
};

/** The program each CLI installs (custom has none: its `command` says). */
export const CLI_PROGRAMS: Readonly<Record<Exclude<AgentCli, 'custom' | 'simulate'>, string>> = {
  'claude-code': 'claude',
  codex: 'codex',
  gemini: 'gemini',
  cursor: 'cursor-agent',
};

/**
 * The ACP agent each CLI is run as on the `acp` channel, unless the profile's `command`
 * names another: Gemini CLI speaks ACP itself (`gemini --acp`); Claude Code and Codex
 * through their adapters' commands (`@agentclientprotocol/claude-agent-acp`,
 * `@zed-industries/codex-acp`), which the person installs.
 */
export const ACP_PROGRAMS: Readonly<Partial<Record<AgentCli, string>>> = {
  gemini: 'gemini',
  'claude-code': 'claude-agent-acp',
  codex: 'codex-acp',
};

/** Names people write for a CLI, to its id. */
const ALIASES: Readonly<Record<string, AgentCli>> = {
  claude: 'claude-code',
  'claude-code': 'claude-code',
  claudecode: 'claude-code',
  codex: 'codex',
  gemini: 'gemini',
  'gemini-cli': 'gemini',
  cursor: 'cursor',
  'cursor-agent': 'cursor',
  simulate: 'simulate',
  'stand-in': 'simulate',
  custom: 'custom',
};

/** How an agent runs: in a terminal (hooks report its state) or as an Agent Client Protocol session. */
export const LAUNCH_CHANNELS = ['terminal', 'acp'] as const;
export type LaunchChannel = (typeof LAUNCH_CHANNELS)[number];

/** The CLIs that can run as ACP sessions (natively, or through their ACP adapter). */
export const ACP_CLIS: readonly AgentCli[] = ['gemini', 'claude-code', 'codex', 'custom'];

export interface LaunchProfile {
  readonly cli: AgentCli;
  /** The program to run instead of the CLI's own name; a custom profile's command. */
  readonly command: string | null;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  /** `null`: the setting decides (off by default). */
  readonly worktree: boolean | null;
  /** `null`: the setting decides (on by default). */
  readonly heartbeat: boolean | null;
  /** Absent: `terminal`. */
  readonly channel?: LaunchChannel;
}

/** The profile's channel (`terminal` unless it says `acp`). */
export function channelOf(p: Pick<LaunchProfile, 'channel'> | null | undefined): LaunchChannel {
  return p?.channel ?? 'terminal';
}

/** A person's override of a profile (settings): any field, `cli` to pick another CLI. */
export type LaunchOverride = Partial<LaunchProfile>;

export interface ProfileRead<T> {
  readonly value: T | null;
  /** Sentences for the Problems panel (the value is read as far as it can be). */
  readonly problems: readonly string[];
}

const KEYS = ['cli', 'command', 'args', 'env', 'worktree', 'heartbeat', 'channel'] as const;

/** A CLI name as written (`claude`, `gemini-cli`…) to its id; `undefined` when unknown. */
export function cliOf(value: string): AgentCli | undefined {
  return ALIASES[value.trim().toLowerCase()];
}

/**
 * The profile in a note's `launch:` value (a CLI name, or a mapping); `null` when
 * absent. What cannot be used is left out and said in `problems`; a profile with no
 * usable CLI is no profile.
 */
export function readLaunchProfile(raw: unknown): ProfileRead<LaunchProfile> {
  if (raw === undefined || raw === null || raw === '') return { value: null, problems: [] };
  const problems: string[] = [];
  if (typeof raw === 'string') {
    const cli = cliOf(raw);
    if (!cli) return { value: null, problems: [unknownCli(raw)] };
    if (cli === 'custom') return { value: null, problems: ['"launch: custom" needs a command: write launch as a mapping with cli: custom and command: <the program>.'] };
    return { value: { cli, command: null, args: [], env: {}, worktree: null, heartbeat: null }, problems };
  }
  if (typeof raw !== 'object' || Array.isArray(raw)) return { value: null, problems: ['"launch" should be a CLI name (claude-code, codex, gemini, cursor) or a mapping with cli, args, env; ignoring it.'] };
  const o = readOverride(raw as Record<string, unknown>, problems);
  if (!o.cli) {
    problems.push(`"launch" has no cli (one of ${AGENT_CLIS.join(', ')}); ignoring it.`);
    return { value: null, problems };
  }
  if (o.cli === 'custom' && !o.command) {
    problems.push('"launch" with cli: custom needs a command (the program to run); ignoring it.');
    return { value: null, problems };
  }
  let channel = o.channel;
  if (channel === 'acp' && !ACP_CLIS.includes(o.cli)) {
    problems.push(`"launch.channel: acp" is for ${ACP_CLIS.join(', ')}; ${CLI_LABELS[o.cli]} runs in a terminal.`);
    channel = undefined;
  }
  return { value: { cli: o.cli, command: o.command ?? null, args: o.args ?? [], env: o.env ?? {}, worktree: o.worktree ?? null, heartbeat: o.heartbeat ?? null, ...(channel ? { channel } : {}) }, problems };
}

/** The fields of an override mapping that can be used; the rest said in `problems`. */
export function readOverride(o: Record<string, unknown>, problems: string[]): LaunchOverride {
  const out: { -readonly [K in keyof LaunchProfile]?: LaunchProfile[K] } = {};
  for (const key of Object.keys(o)) {
    if (!(KEYS as readonly string[]).includes(key)) problems.push(`"launch.${key}" is not a launch setting (${KEYS.join(', ')}); ignoring it.`);
  }
  if (o.cli !== undefined && o.cli !== null) {
    const cli = typeof o.cli === 'string' ? cliOf(o.cli) : undefined;
    if (cli) out.cli = cli;
    else problems.push(unknownCli(String(o.cli)));
  }
  if (o.command !== undefined && o.command !== null) {
    if (typeof o.command === 'string' && o.command.trim() !== '') out.command = o.command.trim();
    else problems.push('"launch.command" should be the program to run, as text; ignoring it.');
  }
  if (o.args !== undefined && o.args !== null) {
    if (typeof o.args === 'string') out.args = splitWords(o.args);
    else if (Array.isArray(o.args) && o.args.every((a) => typeof a === 'string' || typeof a === 'number')) out.args = o.args.map(String);
    else problems.push('"launch.args" should be a list of words ([--model, sonnet]) or one line of them; ignoring it.');
  }
  if (o.env !== undefined && o.env !== null) {
    const env = o.env;
    if (typeof env === 'object' && !Array.isArray(env)) {
      const pairs: Record<string, string> = {};
      for (const [k, v] of Object.entries(env as Record<string, unknown>)) {
        if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(k)) problems.push(`"launch.env.${k}" is not an environment variable name; ignoring it.`);
        else if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') pairs[k] = String(v);
        else problems.push(`"launch.env.${k}" should be a single value; ignoring it.`);
      }
      out.env = pairs;
    } else problems.push('"launch.env" should be a mapping of NAME: value; ignoring it.');
  }
  if (o.channel !== undefined && o.channel !== null) {
    const channel = typeof o.channel === 'string' ? o.channel.trim().toLowerCase() : '';
    if ((LAUNCH_CHANNELS as readonly string[]).includes(channel)) out.channel = channel as LaunchChannel;
    else problems.push(`"launch.channel" should be ${LAUNCH_CHANNELS.join(' or ')}; ignoring it.`);
  }
  for (const key of ['worktree', 'heartbeat'] as const) {
    const v = o[key];
    if (v === undefined || v === null) continue;
    if (typeof v === 'boolean') out[key] = v;
    else problems.push(`"launch.${key}" should be true or false; ignoring it.`);
  }
  return out;
}

/**
 * The profile with a person's override on top: each field the override sets wins
 * (`env` merged, the override's names winning). An override that names a CLI makes a
 * profile where the note has none; one that changes the CLI starts from nothing but
 * what it sets.
 */
export function applyOverride(profile: LaunchProfile | null | undefined, override: LaunchOverride | undefined): LaunchProfile | null {
  profile ??= null;
  if (!override || Object.keys(override).length === 0) return profile;
  const base = profile && (!override.cli || override.cli === profile.cli) ? profile : null;
  const cli = override.cli ?? base?.cli;
  if (!cli) return profile;
  const command = override.command !== undefined ? override.command : (base?.command ?? null);
  if (cli === 'custom' && !command) return profile;
  return {
    cli,
    command,
    args: override.args ?? base?.args ?? [],
    env: { ...(base?.env ?? {}), ...(override.env ?? {}) },
    worktree: override.worktree !== undefined ? override.worktree : (base?.worktree ?? null),
    heartbeat: override.heartbeat !== undefined ? override.heartbeat : (base?.heartbeat ?? null),
    ...((override.channel ?? base?.channel) ? { channel: override.channel ?? base?.channel } : {}),
  };
}

/** One line for people: "Claude Code · claude --model sonnet". */
export function describeProfile(p: LaunchProfile): string {
  // A custom command is a line as written; the stand-in is two words (the CLI and its verb).
  const acp = channelOf(p) === 'acp';
  if (acp) return [`${CLI_LABELS[p.cli]} (ACP session)`, [shellWord(p.command ?? ACP_PROGRAMS[p.cli] ?? ''), ...p.args.map(shellWord)].join(' ')].join(' · ');
  const program = p.cli === 'custom' ? (p.command ?? '') : p.cli === 'simulate' ? (p.command ? shellWord(p.command) : 'cortex-team simulate') : shellWord(p.command ?? CLI_PROGRAMS[p.cli]);
  return [CLI_LABELS[p.cli], [program, ...p.args.map(shellWord)].join(' ')].join(' · ');
}

/** The `launch:` lines a new note gets (Register Agent): the short form when there is nothing else. */
export function launchFrontmatter(p: LaunchProfile): string[] {
  if (!p.command && p.args.length === 0 && Object.keys(p.env).length === 0 && p.worktree === null && p.heartbeat === null && channelOf(p) === 'terminal') return [`launch: ${p.cli}`];
  const lines = ['launch:', `  cli: ${p.cli}`];
  if (p.command) lines.push(`  command: ${JSON.stringify(p.command)}`);
  if (p.args.length > 0) lines.push(`  args: [${p.args.map((a) => JSON.stringify(a)).join(', ')}]`);
  const env = Object.entries(p.env);
  if (env.length > 0) lines.push('  env:', ...env.map(([k, v]) => `    ${k}: ${JSON.stringify(v)}`));
  if (p.worktree !== null) lines.push(`  worktree: ${p.worktree}`);
  if (p.heartbeat !== null) lines.push(`  heartbeat: ${p.heartbeat}`);
  if (channelOf(p) === 'acp') lines.push('  channel: acp');
  return lines;
}

function unknownCli(value: string): string {
  return `"${value}" is not a CLI Cortex can start (${AGENT_CLIS.join(', ')}); ignoring the launch profile.`;
}

/** A line of words as a shell splits it: spaces separate, single and double quotes group, a backslash escapes. */
export function splitWords(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let any = false;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < line.length) word += line[++i];
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      any = true;
    } else if (c === '\\' && i + 1 < line.length) {
      word += line[++i];
      any = true;
    } else if (/\s/.test(c)) {
      if (any || word !== '') words.push(word);
      word = '';
      any = false;
    } else word += c;
  }
  if (any || word !== '') words.push(word);
  return words;
}

/** A word as a POSIX shell reads it back: bare when it is safe, else single-quoted. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
