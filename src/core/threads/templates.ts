/**
 * thread-templates.json read into a model that remembers where each piece is written
 * (offsets into the text), for the checks and for the Threads view's graphs. Tolerant:
 * a field of the wrong type reads as absent (the JSON schema reports the type; the
 * checks report what matters to a running thread). Pure.
 */
import { JsonNode, JsonObject, property, readJson } from '../json/json-reader';

/** Where something is written: offset and length in the file's text. */
export interface Span {
  readonly offset: number;
  readonly length: number;
}

export const CONDITION_TYPES = ['always', 'convergence', 'output_contains', 'output_not_contains'] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];

/** The prompt folders `file:` references are looked up in, by field. */
export const PROMPT_FOLDERS = { directive: 'directives', promptTemplate: 'promptTemplates', systemPrompt: 'systemPrompts' } as const;
export type PromptField = keyof typeof PROMPT_FOLDERS;
export type PromptFolder = (typeof PROMPT_FOLDERS)[PromptField];

export interface FileRef {
  readonly field: PromptField;
  readonly folder: PromptFolder;
  /** The name after `file:`, as written. */
  readonly name: string;
  readonly at: Span;
}

/** A prompt field written inline (not a `file:` reference): its text and where it is. */
export interface InlinePrompt {
  readonly field: PromptField;
  readonly text: string;
  readonly at: Span;
}

export interface StageDef {
  readonly name: string;
  readonly description: string | null;
  readonly at: Span;
}

export interface AgentDef {
  readonly name: string;
  readonly description: string | null;
  readonly profile: string | null;
  /** Reuse one LLM session across steps (`persistSession`); `null` when not written. */
  readonly persistSession: boolean | null;
  /** The role (`directive`), as written (a `file:` reference or the text). */
  readonly directive: string | null;
  /** Comma-separated tool list (`tools`), split. */
  readonly tools: readonly string[];
  readonly pluginDirs: readonly string[];
  readonly stages: readonly StageDef[];
  readonly entryStage: { readonly name: string; readonly at: Span } | null;
  readonly fileRefs: readonly FileRef[];
  /** Its own and its stages' prompt fields written inline. */
  readonly inlinePrompts: readonly InlinePrompt[];
  /** The key in `agents`. */
  readonly at: Span;
}

export interface Endpoint {
  readonly agent: string;
  readonly stage: string | null;
  /** As written: "coder" or "coder:review". */
  readonly text: string;
  readonly at: Span;
}

export interface Condition {
  /** As written; `null` when missing or not a string. */
  readonly type: string | null;
  readonly marker: string | null;
  readonly maxIterations: number | null;
  readonly pattern: string | null;
  readonly at: Span;
  readonly patternAt: Span | null;
  readonly markerAt: Span | null;
}

export interface TransitionDef {
  readonly from: Endpoint | null;
  readonly to: Endpoint | null;
  readonly condition: Condition | null;
  readonly at: Span;
}

/** The fields a template may override on an agent it references (seed 002, "Agent References in Templates"). */
export const OVERRIDE_FIELDS = ['promptTemplate', 'directive', 'systemPrompt', 'persistSession', 'claudeAgent', 'outputStyle', 'tools', 'pluginDirs'] as const;

export const HOOK_POINTS = ['onStart', 'onTransition', 'onEnd'] as const;
export type HookPoint = (typeof HOOK_POINTS)[number];
/** A hook's timeout when it names none (seed 002: 30000 ms). */
export const DEFAULT_HOOK_TIMEOUT_MS = 30000;

/** A template's lifecycle hook: a shell command, its positional args, its timeout. */
export interface HookDef {
  readonly point: HookPoint;
  /** As written; `null` when missing or not a string. */
  readonly command: string | null;
  readonly args: readonly string[];
  /** As written; `null` when not written (the engine then waits DEFAULT_HOOK_TIMEOUT_MS). */
  readonly timeoutMs: number | null;
  readonly at: Span;
}

export interface TemplateAgentRef {
  readonly ref: string;
  /** The per-template overrides (`{ref, …}`), as `[field, value as written]`, in OVERRIDE_FIELDS order; lists joined with ", ". */
  readonly overrides: ReadonlyArray<readonly [string, string]>;
  readonly fileRefs: readonly FileRef[];
  /** The overrides' prompt fields written inline. */
  readonly inlinePrompts: readonly InlinePrompt[];
  readonly at: Span;
}

export interface TemplateDef {
  readonly name: string;
  readonly description: string | null;
  readonly agents: readonly TemplateAgentRef[];
  readonly transitions: readonly TransitionDef[];
  readonly entryAgent: { readonly name: string; readonly at: Span } | null;
  readonly entryStage: { readonly name: string; readonly at: Span } | null;
  readonly maxTotalSteps: number | null;
  readonly maxTotalCostUsd: number | null;
  /** Its lifecycle hooks (`hooks`), in onStart, onTransition, onEnd order. */
  readonly hooks: readonly HookDef[];
  /** The key in `templates`. */
  readonly at: Span;
  /** From the key to the end of the template's value. */
  readonly extent: Span;
}

export interface ThreadTemplates {
  readonly agents: readonly AgentDef[];
  readonly templates: readonly TemplateDef[];
  /** Where `agents` / `templates` are (the key), or the whole file when missing. */
  readonly agentsAt: Span | null;
  readonly templatesAt: Span | null;
}

export type TemplatesReadResult =
  | { readonly ok: true; readonly config: ThreadTemplates; readonly root: JsonNode }
  | { readonly ok: false; readonly message: string; readonly offset: number };

const span = (n: { offset: number; length: number }): Span => ({ offset: n.offset, length: n.length });

function str(node: JsonNode | undefined): string | null {
  return node && node.type === 'string' ? (node.value as string) : null;
}

function bool(node: JsonNode | undefined): boolean | null {
  return node && node.type === 'boolean' ? (node.value as boolean) : null;
}

function strings(node: JsonNode | undefined): string[] {
  return node && node.type === 'array' ? node.items.flatMap((i) => (i.type === 'string' ? [i.value as string] : [])) : [];
}

function num(node: JsonNode | undefined): number | null {
  return node && node.type === 'number' ? (node.value as number) : null;
}

function fileRefsOf(obj: JsonNode | undefined): FileRef[] {
  const refs: FileRef[] = [];
  for (const field of Object.keys(PROMPT_FOLDERS) as PromptField[]) {
    const p = property(obj, field);
    const value = str(p?.value);
    if (p && value !== null && value.startsWith('file:')) {
      refs.push({ field, folder: PROMPT_FOLDERS[field], name: value.slice(5).trim(), at: span(p.value) });
    }
  }
  return refs;
}

function inlinePromptsOf(obj: JsonNode | undefined): InlinePrompt[] {
  const out: InlinePrompt[] = [];
  for (const field of Object.keys(PROMPT_FOLDERS) as PromptField[]) {
    const p = property(obj, field);
    const value = str(p?.value);
    if (p && value !== null && !value.startsWith('file:')) out.push({ field, text: value, at: span(p.value) });
  }
  return out;
}

function named(node: JsonNode | undefined): { name: string; at: Span } | null {
  const s = str(node);
  return s !== null && node ? { name: s, at: span(node) } : null;
}

/** Splits "agent" / "agent:stage" (the first colon separates them). */
export function parseEndpoint(text: string, at: Span): Endpoint {
  const colon = text.indexOf(':');
  return colon < 0
    ? { agent: text, stage: null, text, at }
    : { agent: text.slice(0, colon), stage: text.slice(colon + 1), text, at };
}

function endpoint(node: JsonNode | undefined): Endpoint | null {
  const s = str(node);
  return s !== null && node ? parseEndpoint(s, span(node)) : null;
}

function readAgent(key: { key: string; keyOffset: number; keyLength: number }, node: JsonNode): AgentDef {
  const stagesNode = property(node, 'stages')?.value;
  const stages: StageDef[] = [];
  const fileRefs = fileRefsOf(node);
  const inlinePrompts = inlinePromptsOf(node);
  if (stagesNode?.type === 'object') {
    for (const s of stagesNode.properties) {
      stages.push({ name: s.key, description: str(property(s.value, 'description')?.value), at: { offset: s.keyOffset, length: s.keyLength } });
      fileRefs.push(...fileRefsOf(s.value));
      inlinePrompts.push(...inlinePromptsOf(s.value));
    }
  }
  return {
    name: key.key,
    description: str(property(node, 'description')?.value),
    profile: str(property(node, 'profile')?.value),
    persistSession: bool(property(node, 'persistSession')?.value),
    directive: str(property(node, 'directive')?.value),
    tools: (str(property(node, 'tools')?.value) ?? '').split(',').map((t) => t.trim()).filter((t) => t !== ''),
    pluginDirs: strings(property(node, 'pluginDirs')?.value),
    stages,
    entryStage: named(property(node, 'entryStage')?.value),
    fileRefs,
    inlinePrompts,
    at: { offset: key.keyOffset, length: key.keyLength },
  };
}

function readCondition(node: JsonNode | undefined): Condition | null {
  if (!node || node.type !== 'object') return null;
  const marker = property(node, 'marker')?.value;
  const pattern = property(node, 'pattern')?.value;
  return {
    type: str(property(node, 'type')?.value),
    marker: str(marker),
    maxIterations: num(property(node, 'maxIterations')?.value),
    pattern: str(pattern),
    at: span(node),
    markerAt: marker ? span(marker) : null,
    patternAt: pattern ? span(pattern) : null,
  };
}

function overridesOf(item: JsonNode): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const field of OVERRIDE_FIELDS) {
    const v = property(item, field)?.value;
    if (v?.type === 'string' || v?.type === 'boolean') out.push([field, String(v.value)]);
    else if (v?.type === 'array') out.push([field, strings(v).join(', ')]);
  }
  return out;
}

function hooksOf(node: JsonNode | undefined): HookDef[] {
  if (node?.type !== 'object') return [];
  return HOOK_POINTS.flatMap((point) => {
    const p = property(node, point);
    if (!p || p.value.type !== 'object') return [];
    const h = p.value;
    return [{ point, command: str(property(h, 'command')?.value), args: strings(property(h, 'args')?.value), timeoutMs: num(property(h, 'timeout')?.value), at: { offset: p.keyOffset, length: p.keyLength } }];
  });
}

function readTemplate(key: { key: string; keyOffset: number; keyLength: number }, node: JsonNode): TemplateDef {
  const agents: TemplateAgentRef[] = [];
  const agentsNode = property(node, 'agents')?.value;
  if (agentsNode?.type === 'array') {
    for (const item of agentsNode.items) {
      if (item.type === 'string') agents.push({ ref: item.value as string, overrides: [], fileRefs: [], inlinePrompts: [], at: span(item) });
      else if (item.type === 'object') {
        const ref = property(item, 'ref')?.value;
        if (ref?.type === 'string') agents.push({ ref: ref.value as string, overrides: overridesOf(item), fileRefs: fileRefsOf(item), inlinePrompts: inlinePromptsOf(item), at: span(ref) });
      }
    }
  }
  const transitions: TransitionDef[] = [];
  const transitionsNode = property(node, 'transitions')?.value;
  if (transitionsNode?.type === 'array') {
    for (const t of transitionsNode.items) {
      if (t.type !== 'object') continue;
      transitions.push({
        from: endpoint(property(t, 'from')?.value),
        to: endpoint(property(t, 'to')?.value),
        condition: readCondition(property(t, 'condition')?.value),
        at: span(t),
      });
    }
  }
  return {
    name: key.key,
    description: str(property(node, 'description')?.value),
    agents,
    transitions,
    entryAgent: named(property(node, 'entryAgent')?.value),
    entryStage: named(property(node, 'entryStage')?.value),
    maxTotalSteps: num(property(node, 'maxTotalSteps')?.value),
    maxTotalCostUsd: num(property(node, 'maxTotalCostUsd')?.value),
    hooks: hooksOf(property(node, 'hooks')?.value),
    at: { offset: key.keyOffset, length: key.keyLength },
    extent: { offset: key.keyOffset, length: node.offset + node.length - key.keyOffset },
  };
}

function section(root: JsonObject, name: string): { node: JsonObject | null; at: Span | null } {
  const p = property(root, name);
  if (!p) return { node: null, at: null };
  return { node: p.value.type === 'object' ? p.value : null, at: { offset: p.keyOffset, length: p.keyLength } };
}

/** Reads the file's text. Bad JSON gives the first syntax problem and its offset. */
export function readThreadTemplates(text: string): TemplatesReadResult {
  const read = readJson(text);
  if (!read.ok) return { ok: false, message: read.error.message, offset: read.error.offset };
  const root = read.root;
  if (root.type !== 'object') {
    return { ok: false, message: 'thread-templates.json should hold one object with "agents" and "templates"', offset: root.offset };
  }
  const agentsSection = section(root, 'agents');
  const templatesSection = section(root, 'templates');
  return {
    ok: true,
    root,
    config: {
      agents: agentsSection.node?.properties.map((p) => readAgent(p, p.value)) ?? [],
      templates: templatesSection.node?.properties.map((p) => readTemplate(p, p.value)) ?? [],
      agentsAt: agentsSection.at,
      templatesAt: templatesSection.at,
    },
  };
}
