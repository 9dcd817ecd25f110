import { ParseArgsConfig, parseArgs } from 'node:util';

type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig['options']>;

/**
 * A strict option parser on `node:util`'s `parseArgs`: `--name value`, `--name=value`, flags without a value,
 * repeatable options. Anything it does not know is a usage error (exit code 2).
 */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export type OptionKind = 'string' | 'flag' | 'list';

export interface OptionSpec {
  readonly kind: OptionKind;
  readonly required?: boolean;
  /** Shown in help: `--agent SLUG`. */
  readonly value?: string;
  readonly help: string;
}

export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

export interface ParsedOptions {
  readonly strings: Map<string, string>;
  readonly flags: Set<string>;
  readonly lists: Map<string, string[]>;
  readonly help: boolean;
  /** Arguments that are not options, when the command takes them (`positionals`). */
  readonly positionals: string[];
}

/** Cut long arguments in messages. */
function shown(arg: string): string {
  return arg.length > 60 ? arg.slice(0, 60) + '…' : arg;
}

/** The specs as `parseArgs` options; `--help`/`-h` is every command's. */
function parseArgsOptions(specs: OptionSpecs): ParseArgsOptionsConfig {
  const options: ParseArgsOptionsConfig = { help: { type: 'boolean', short: 'h' } };
  for (const [name, spec] of Object.entries(specs)) {
    options[name] = spec.kind === 'flag' ? { type: 'boolean' } : { type: 'string', multiple: spec.kind === 'list' };
  }
  return options;
}

/**
 * `positionals`: how many arguments that are not options the command takes (0: none, any is an error).
 * `parseArgs` splits the arguments (lenient, so every refusal is ours, worded as before and
 * in the order the arguments come): a single dash word (`-5`, `-x`) is an argument, not
 * an option; a value that is one of the command's options (`--title --agent`) is missing.
 */
export function parseOptions(args: readonly string[], specs: OptionSpecs, positionals = 0): ParsedOptions {
  const { tokens } = parseArgs({ args: [...args], options: parseArgsOptions(specs), strict: false, allowPositionals: true, tokens: true });
  const rest: string[] = [];
  const strings = new Map<string, string>();
  const flags = new Set<string>();
  const lists = new Map<string, string[]>();
  let help = false;
  const isOption = (arg: string): boolean => arg === '--help' || (arg.startsWith('--') && specs[arg.slice(2).split('=')[0]] !== undefined);
  const seen = new Set<number>();
  for (const token of tokens) {
    if (seen.has(token.index)) continue; // -abc is one argument, three tokens
    seen.add(token.index);
    const raw = args[token.index];
    if (raw === '--help' || raw === '-h') {
      help = true;
      continue;
    }
    if (token.kind !== 'option' || !token.rawName.startsWith('--')) {
      if (rest.length < positionals && raw !== '--') {
        rest.push(raw);
        continue;
      }
      throw new UsageError(`unexpected argument "${shown(raw)}"`);
    }
    const name = token.name;
    const spec = Object.prototype.hasOwnProperty.call(specs, name) ? specs[name] : undefined;
    if (!spec) throw new UsageError(`unknown option --${name}`);
    if (spec.kind === 'flag') {
      if (token.inlineValue) throw new UsageError(`--${name} takes no value`);
      flags.add(name);
      continue;
    }
    const value = token.value;
    if (value === undefined || (!token.inlineValue && isOption(value))) {
      throw new UsageError(`--${name} needs a value${spec.value ? ` (${spec.value})` : ''}`);
    }
    if (spec.kind === 'list') lists.set(name, [...(lists.get(name) ?? []), value]);
    else {
      if (strings.has(name)) throw new UsageError(`--${name} is given more than once`);
      strings.set(name, value);
    }
  }
  if (!help) {
    for (const [name, spec] of Object.entries(specs)) {
      if (spec.required && !strings.has(name) && !lists.has(name)) throw new UsageError(`--${name} is required`);
    }
  }
  return { strings, flags, lists, help, positionals: rest };
}

/** The options part of a command's help. */
export function describeOptions(specs: OptionSpecs): string {
  const rows = Object.entries(specs).map(([name, s]) => [`--${name}${s.value ? ` ${s.value}` : ''}`, s.help + (s.required ? ' (required)' : '')]);
  const width = Math.max(...rows.map((r) => r[0].length));
  return rows.map(([a, b]) => `  ${a.padEnd(width)}  ${b}`).join('\n');
}
