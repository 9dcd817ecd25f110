// What a verb of `cortex-team` is and what it runs with, apart from the table of verbs
// (verbs.ts) so the verbs defined elsewhere (agent-verbs.ts, run-verbs.ts) need not import it.
import { EditOptions } from '../core/edit/edit-file';
import { NodeTeamFs } from '../core/fs/node-fs';
import { Diagnostic } from '../core/team/model';
import { OptionSpecs, ParsedOptions } from './args';
import { CliEnv } from './team-dir';

/** Where the CLI prints and what it reads (the environment, the clock). */
export interface CliIo extends CliEnv {
  stdout(text: string): void;
  stderr(text: string): void;
  /** The current time (tests pin it); defaults to the clock. */
  readonly clock?: () => Date;
  /** Standard input, for the verbs that read it (`hook`, `simulate`); absent: nothing to read. */
  readonly stdin?: NodeJS.ReadableStream & { readonly isTTY?: boolean };
  /**
   * The running CLI's identity (a hash of its bundle), which caches of parsed files are
   * bound to (cli/status-cache.ts); absent (no cache) when the verbs run in-process.
   */
  readonly build?: () => string | null;
}

export interface Command {
  readonly synopsis: string;
  readonly summary: string;
  readonly options: OptionSpecs;
  run(opts: ParsedOptions, ctx: Context): Promise<number>;
  /** The exit code for any failure of this verb, usage included (default: 2 for usage and input, 3 for conflicts). */
  readonly failExit?: number;
  /** How many arguments that are not options it takes (default none). */
  readonly positionals?: number;
  /** Verbs under this one (`message send`): the first argument picks one. */
  readonly subcommands?: Readonly<Record<string, Command>>;
}

export interface Context {
  readonly io: CliIo;
  readonly fs: NodeTeamFs;
  readonly teamDir: string;
  readonly heartbeatMinutes: number;
  readonly configDiagnostics: readonly Diagnostic[];
  readonly edit: EditOptions;
}
