/**
 * A small, strict option parser: `--name value`, `--name=value`, flags without a value,
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

/** `positionals`: how many arguments that are not options the command takes (0: none, any is an error). */
export function parseOptions(args: readonly string[], specs: OptionSpecs, positionals = 0): ParsedOptions {
  const rest: string[] = [];
  const strings = new Map<string, string>();
  const flags = new Set<string>();
  const lists = new Map<string, string[]>();
  let help = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--help' || arg === '-h') {
      help = true;
      continue;
    }
    if (!arg.startsWith('--') || arg === '--') {
      if (rest.length < positionals && arg !== '--') {
        rest.push(arg);
        continue;
      }
      throw new UsageError(`unexpected argument "${arg.length > 60 ? arg.slice(0, 60) + '…' : arg}"`);
    }
    const eq = arg.indexOf('=');
    const name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
    const spec = specs[name];
    if (!spec) throw new UsageError(`unknown option --${name}`);
    if (spec.kind === 'flag') {
      if (eq >= 0) throw new UsageError(`--${name} takes no value`);
      flags.add(name);
      continue;
    }
    let value: string;
    if (eq >= 0) value = arg.slice(eq + 1);
    else {
      const next = args[i + 1];
      if (next === undefined || (next.startsWith('--') && specs[next.slice(2).split('=')[0]] !== undefined) || next === '--help') {
        throw new UsageError(`--${name} needs a value${spec.value ? ` (${spec.value})` : ''}`);
      }
      value = next;
      i++;
    }
    if (spec.kind === 'list') {
      const list = lists.get(name) ?? [];
      list.push(value);
      lists.set(name, list);
    } else {
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
