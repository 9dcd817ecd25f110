/**
 * The thread system's prompt files (seed 002, "File References"): plain text, or the
 * YAML-frontmatter format with `extends:` (inheritance), `@fill(name)` … `@endfill`
 * (what a child puts into a named block), `@block(name)` … `@endblock` (a parent's
 * blocks, with their default text), `${var}` / `${var:-default}` variables and
 * `@if(var)` … `@endif` conditionals. Read and resolved for showing, as the engine
 * would put them together: the chain of `extends` from the file up, and the text of
 * the top-most parent with each block filled by the nearest child that fills it.
 * Pure; files are read through the caller's loader.
 */
import { readFrontmatter } from '../text/frontmatter';

export interface PromptFile {
  /** `extends:` as written (a file in the same folder), or null. */
  readonly extends: string | null;
  readonly fills: ReadonlyArray<{ readonly name: string; readonly text: string }>;
  readonly blocks: ReadonlyArray<{ readonly name: string; readonly text: string }>;
  /** `${var}` names, and the engine's `{{var}}` ones, in order of first use. */
  readonly variables: readonly string[];
  readonly conditionals: readonly string[];
  /** The text after the frontmatter. */
  readonly body: string;
  /** A frontmatter block that is not valid YAML. */
  readonly problem: string | null;
}

export interface ResolvedPrompt {
  /** The file and the files it extends, the file first. */
  readonly chain: readonly string[];
  readonly fills: readonly string[];
  readonly blocks: readonly string[];
  readonly variables: readonly string[];
  readonly conditionals: readonly string[];
  /** The prompt as put together (blocks filled; variables and conditionals as written). */
  readonly text: string;
  readonly problems: readonly string[];
}

const FILL = /^[ \t]*@fill\(([\w.-]+)\)[ \t]*\r?\n([\s\S]*?)^[ \t]*@endfill[ \t]*$/gm;
const BLOCK = /^[ \t]*@block\(([\w.-]+)\)[ \t]*\r?\n([\s\S]*?)^[ \t]*@endblock[ \t]*$/gm;
const VARIABLE = /\$\{(\w+)(?::-[^}]*)?\}|\{\{(\w+)\}\}/g;
const CONDITIONAL = /^[ \t]*@if\((\w+)\)/gm;
/** The `{{var}}` variables seed 002's engine fills in at run time ("Prompt Variables"). */
export const ENGINE_VARIABLES = ['input', 'artifactPath', 'previousOutput', 'modifiedFiles', 'modifiedFilesWithDiff', 'currentDateTime'] as const;
const ENGINE_VARIABLE = /\{\{(\w+)\}\}/g;

/** The `{{var}}` names in `text` the engine does not fill (they reach the agent as written), in order of first use. */
export function unknownEngineVariables(text: string): string[] {
  return names(ENGINE_VARIABLE, text).filter((v) => !(ENGINE_VARIABLES as readonly string[]).includes(v));
}

/** Why a `{{var}}` will not be filled, for a problem list. */
export function unknownVariableProblem(name: string): string {
  return `{{${name}}} is not a variable the engine fills (it knows ${ENGINE_VARIABLES.map((v) => `{{${v}}}`).join(', ')}); the agent gets it as written`;
}

/** How far `extends` is followed (a chain that long is a mistake). */
const MAX_DEPTH = 8;

function names(re: RegExp, text: string, group = 1): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(re)) {
    const name = m[group] ?? m[group + 1];
    if (name && !out.includes(name)) out.push(name);
  }
  return out;
}

export function readPromptFile(text: string): PromptFile {
  const fm = readFrontmatter(text);
  const body = text.slice(fm.bodyStart);
  const ext = fm.data?.extends;
  const pairs = (re: RegExp) => [...body.matchAll(re)].map((m) => ({ name: m[1], text: m[2].replace(/\r?\n$/, '') }));
  return {
    extends: typeof ext === 'string' && ext.trim() !== '' ? ext.trim().replace(/^file:/, '') : null,
    fills: pairs(FILL),
    blocks: pairs(BLOCK),
    variables: names(VARIABLE, body),
    conditionals: names(CONDITIONAL, body),
    body,
    problem: fm.error ? `frontmatter line ${fm.error.line}: ${fm.error.message}` : null,
  };
}

/** The file `name` put together with what it extends; `load` gives a file's text by name (`undefined`: missing). */
export async function resolvePrompt(name: string, load: (name: string) => Promise<string | undefined>): Promise<ResolvedPrompt | null> {
  const files: Array<{ name: string; file: PromptFile }> = [];
  const problems: string[] = [];
  let next: string | null = name;
  while (next !== null) {
    if (files.some((f) => f.name === next)) {
      problems.push(`${next} extends itself through ${files.map((f) => f.name).join(' → ')}`);
      break;
    }
    if (files.length >= MAX_DEPTH) {
      problems.push(`extends goes deeper than ${MAX_DEPTH} files; stopped at ${next}`);
      break;
    }
    const text = await load(next);
    if (text === undefined) {
      if (files.length === 0) return null;
      problems.push(`${files[files.length - 1].name} extends ${next}, which does not exist`);
      break;
    }
    const file = readPromptFile(text);
    if (file.problem) problems.push(`${next}: ${file.problem}`);
    files.push({ name: next, file });
    next = file.extends;
  }
  return assemble(files, problems);
}

/** The top-most file's text with each `@block` filled by the nearest file that fills it. */
function assemble(files: ReadonlyArray<{ name: string; file: PromptFile }>, problems: string[]): ResolvedPrompt {
  const top = files[files.length - 1];
  const fillOf = (block: string) => files.slice(0, -1).find((f) => f.file.fills.some((x) => x.name === block))?.file.fills.find((x) => x.name === block)?.text;
  const text = top.file.body.replace(BLOCK, (_all, block: string, fallback: string) => fillOf(block) ?? fallback.replace(/\r?\n$/, ''));
  const blocks = names(BLOCK, files.map((f) => f.file.body).join('\n'));
  const fills = files.flatMap((f) => f.file.fills.map((x) => x.name)).filter((n, i, all) => all.indexOf(n) === i);
  for (const f of fills) if (files.length > 1 && !blocks.includes(f)) problems.push(`@fill(${f}) has no @block(${f}) to go into`);
  for (const v of unknownEngineVariables(text)) problems.push(unknownVariableProblem(v));
  return {
    chain: files.map((f) => f.name),
    fills,
    blocks,
    variables: names(VARIABLE, text),
    conditionals: names(CONDITIONAL, text),
    text,
    problems,
  };
}
