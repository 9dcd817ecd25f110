import { promises as fsp } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { CortexInputError } from '../core/edit/errors';
import { CortexConfig, DEFAULT_CONFIG, Diagnostic } from '../core/team/model';
import { expandHome, parseConfig } from '../core/parse/config';

/**
 * Where the team folder is, in this order: `--team`, `CORTEX_TEAM_DIR`, `team_dir` in
 * `~/.cortex/config.yaml` (the Cortex plugin's config; `$CORTEX_HOME/config.yaml` when
 * CORTEX_HOME is set), else `~/cortex-team`. `~` is
 * expanded everywhere; `$HOME` is honoured so tests and scripts can point it elsewhere.
 */
export interface CliEnv {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
}

export function homeDir(env: CliEnv['env']): string {
  return env.HOME || env.USERPROFILE || os.homedir();
}

export interface LoadedConfig {
  readonly path: string;
  readonly config: CortexConfig;
  readonly diagnostics: readonly Diagnostic[];
  readonly exists: boolean;
}

export async function loadCliConfig(ctx: CliEnv): Promise<LoadedConfig> {
  // $CORTEX_HOME stands for ~/.cortex, as in the plugin and the extension.
  const cortexHome = ctx.env.CORTEX_HOME?.trim();
  const file = cortexHome ? path.join(cortexHome, 'config.yaml') : path.join(homeDir(ctx.env), '.cortex', 'config.yaml');
  let text: string;
  try {
    text = await fsp.readFile(file, 'utf8');
  } catch {
    return { path: file, config: DEFAULT_CONFIG, diagnostics: [], exists: false };
  }
  const parsed = parseConfig(text, '~/.cortex/config.yaml');
  return { path: file, config: parsed.config, diagnostics: parsed.diagnostics, exists: true };
}

export interface TeamDir {
  readonly dir: string;
  /** Where the choice came from, for messages. */
  readonly source: string;
}

export function resolveTeamDir(flag: string | undefined, ctx: CliEnv, config: LoadedConfig): TeamDir {
  const home = homeDir(ctx.env);
  const abs = (p: string, base: string) => path.resolve(base, expandHome(p, home));
  if (flag !== undefined) {
    if (flag.trim() === '') throw new CortexInputError('--team is empty.');
    return { dir: abs(flag, ctx.cwd), source: '--team' };
  }
  const env = ctx.env.CORTEX_TEAM_DIR;
  if (env !== undefined && env.trim() !== '') return { dir: abs(env, ctx.cwd), source: 'CORTEX_TEAM_DIR' };
  if (config.config.teamDir) return { dir: abs(config.config.teamDir, home), source: 'team_dir in ~/.cortex/config.yaml' };
  return { dir: path.join(home, 'cortex-team'), source: 'the default ~/cortex-team' };
}

/** The team folder must exist: a typo must not create a new team somewhere. */
export async function checkTeamDir(team: TeamDir): Promise<void> {
  let stat;
  try {
    stat = await fsp.stat(team.dir);
  } catch {
    throw new CortexInputError(`The team folder ${team.dir} (from ${team.source}) does not exist; pass --team DIR.`);
  }
  if (!stat.isDirectory()) throw new CortexInputError(`The team folder ${team.dir} (from ${team.source}) is not a folder.`);
}
