/**
 * The semantic checks on thread-templates.json: what the JSON schema cannot see and a
 * running thread would trip over. Each finding points at the key or value it is about
 * (offset and length into the text), so the editor can underline exactly that. Pure:
 * which prompt files exist is given by the caller.
 */
import { LineIndex } from '../json/json-reader';
import { templateGraph } from './graph';
import { unknownEngineVariables, unknownVariableProblem } from './prompt-templates';
import { AgentDef, Condition, Endpoint, FileRef, InlinePrompt, PromptFolder, Span, TemplateDef, ThreadTemplates, readThreadTemplates } from './templates';

export type FindingSeverity = 'error' | 'warning';

export interface TemplateFinding {
  readonly severity: FindingSeverity;
  readonly message: string;
  readonly offset: number;
  readonly length: number;
  /** 0-based, from the offset. */
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

/** The prompt files that exist, by folder (`prompts/<folder>/<name>`); `null`: not known, skip those checks. */
export type PromptFiles = Readonly<Record<PromptFolder, ReadonlySet<string>>> | null;

export interface TemplatesCheck {
  /** The model, when the file is JSON with an object at the top. */
  readonly config: ThreadTemplates | null;
  readonly findings: readonly TemplateFinding[];
}

type Raw = { severity: FindingSeverity; message: string; at: Span };

/** Reads and checks the file's text. */
export function checkThreadTemplates(text: string, promptFiles: PromptFiles): TemplatesCheck {
  const index = new LineIndex(text);
  const locate = (r: Raw): TemplateFinding => {
    const start = index.position(r.at.offset);
    const end = index.position(r.at.offset + Math.max(1, r.at.length));
    return { severity: r.severity, message: r.message, offset: r.at.offset, length: r.at.length, line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
  };
  const read = readThreadTemplates(text);
  if (!read.ok) {
    const at = Math.min(read.offset, Math.max(0, text.length - 1));
    return { config: null, findings: [locate({ severity: 'error', message: `Invalid JSON: ${read.message}. The thread server cannot load this file.`, at: { offset: at, length: 1 } })] };
  }
  return { config: read.config, findings: semanticFindings(read.config, promptFiles, text.length).map(locate) };
}

function semanticFindings(config: ThreadTemplates, promptFiles: PromptFiles, textLength: number): Raw[] {
  const out: Raw[] = [];
  const whole: Span = { offset: 0, length: Math.min(1, textLength) };
  if (!config.agentsAt) out.push({ severity: 'error', message: 'Missing "agents": the agent definitions the templates use.', at: whole });
  if (!config.templatesAt) out.push({ severity: 'warning', message: 'Missing "templates": no multi-agent pipelines are defined.', at: whole });

  const agents = new Map<string, AgentDef>(config.agents.map((a) => [a.name, a]));
  for (const agent of config.agents) {
    if (agent.entryStage && agent.stages.length > 0 && !agent.stages.some((s) => s.name === agent.entryStage!.name)) {
      out.push({ severity: 'error', message: `Agent "${agent.name}" has no stage "${agent.entryStage.name}" (its stages: ${agent.stages.map((s) => s.name).join(', ')}).`, at: agent.entryStage.at });
    }
    out.push(...fileRefFindings(agent.fileRefs, promptFiles), ...variableFindings(agent.inlinePrompts));
  }
  for (const template of config.templates) out.push(...templateFindings(template, agents, promptFiles));
  return out;
}

function fileRefFindings(refs: readonly FileRef[], promptFiles: PromptFiles): Raw[] {
  if (!promptFiles) return [];
  const out: Raw[] = [];
  for (const ref of refs) {
    if (ref.name === '') out.push({ severity: 'error', message: `"file:" names no file (expected file:<name>.md in prompts/${ref.folder}/).`, at: ref.at });
    else if (!promptFiles[ref.folder].has(ref.name)) {
      out.push({ severity: 'error', message: `Prompt file not found: prompts/${ref.folder}/${ref.name} (the ${ref.field} of this agent cannot load).`, at: ref.at });
    }
  }
  return out;
}

/** A `{{var}}` the engine does not fill reaches the agent as written: a warning at the prompt that uses it. */
function variableFindings(prompts: readonly InlinePrompt[]): Raw[] {
  return prompts.flatMap((p) => unknownEngineVariables(p.text).map((v) => ({ severity: 'warning' as const, message: `In this ${p.field}: ${unknownVariableProblem(v)}.`, at: p.at })));
}

function describeStages(agent: AgentDef): string {
  return agent.stages.length === 0 ? 'it has no stages' : `its stages: ${agent.stages.map((s) => s.name).join(', ')}`;
}

/** What one template needs: known agents, a valid entry, sound transitions, every agent reached. */
function templateFindings(template: TemplateDef, agents: ReadonlyMap<string, AgentDef>, promptFiles: PromptFiles): Raw[] {
  const scope: TemplateScope = { where: `template "${template.name}"`, agents, listed: new Set(template.agents.map((a) => a.ref)) };
  const out: Raw[] = [];
  for (const ref of template.agents) {
    if (!agents.has(ref.ref)) out.push({ severity: 'error', message: `Unknown agent "${ref.ref}" in ${scope.where}: it is not defined in "agents".`, at: ref.at });
    out.push(...fileRefFindings(ref.fileRefs, promptFiles), ...variableFindings(ref.inlinePrompts));
  }
  out.push(...entryFindings(template, scope));
  for (const t of template.transitions) {
    out.push(...endpointFindings(t.from, 'from', t.at, scope), ...endpointFindings(t.to, 'to', t.at, scope));
    if (t.condition) out.push(...conditionFindings(t.condition)); // the schema requires one; without it the engine has nothing to evaluate
  }
  out.push(...unreachedAgentFindings(template, agents));
  for (const h of template.hooks) {
    if (h.command === null || h.command.trim() === '') out.push({ severity: 'error', message: `The ${h.point} hook of ${scope.where} has no "command": there is nothing to run.`, at: h.at });
  }
  return out;
}

interface TemplateScope {
  /** `template "<name>"`, for messages. */
  readonly where: string;
  readonly agents: ReadonlyMap<string, AgentDef>;
  /** The agents the template lists. */
  readonly listed: ReadonlySet<string>;
}

function entryFindings(template: TemplateDef, { where, agents, listed }: TemplateScope): Raw[] {
  const out: Raw[] = [];
  const entry = template.entryAgent;
  if (!entry || entry.name === '') {
    out.push({ severity: 'error', message: `${capital(where)} has no "entryAgent": the thread has no first agent to run.`, at: entry?.at ?? template.at });
  } else if (!agents.has(entry.name)) {
    out.push({ severity: 'error', message: `Unknown entryAgent "${entry.name}" in ${where}: it is not defined in "agents".`, at: entry.at });
  } else if (!listed.has(entry.name)) {
    out.push({ severity: 'warning', message: `The entryAgent "${entry.name}" is not listed in the "agents" of ${where}.`, at: entry.at });
  }
  if (template.entryStage && entry && agents.has(entry.name)) {
    const agent = agents.get(entry.name)!;
    if (!agent.stages.some((s) => s.name === template.entryStage!.name)) {
      out.push({ severity: 'error', message: `Unknown entryStage "${template.entryStage.name}": agent "${agent.name}" has no such stage (${describeStages(agent)}).`, at: template.entryStage.at });
    }
  }
  return out;
}

function endpointFindings(e: Endpoint | null, side: 'from' | 'to', at: Span, { where, agents, listed }: TemplateScope): Raw[] {
  if (!e) return [{ severity: 'error', message: `A transition in ${where} has no "${side}".`, at }];
  const agent = agents.get(e.agent);
  if (!agent) return [{ severity: 'error', message: `Transition ${side} unknown agent "${e.agent}" in ${where}: it is not defined in "agents".`, at: e.at }];
  const out: Raw[] = [];
  if (!listed.has(e.agent)) {
    out.push({ severity: 'warning', message: `Agent "${e.agent}" is used in a transition but not listed in the "agents" of ${where}.`, at: e.at });
  }
  if (e.stage !== null && !agent.stages.some((s) => s.name === e.stage)) {
    out.push({ severity: 'error', message: `Unknown stage "${e.stage}" of agent "${e.agent}" (${describeStages(agent)}).`, at: e.at });
  }
  return out;
}

function conditionFindings(c: Condition): Raw[] {
  const out: Raw[] = [];
  switch (c.type) {
    case 'always':
      break;
    case 'convergence':
      if (c.marker === null || c.marker.trim() === '') {
        out.push({ severity: 'error', message: 'A convergence needs a "marker": the text whose appearance in the artifact ends the loop.', at: c.markerAt ?? c.at });
      }
      if (c.maxIterations !== null && (!Number.isInteger(c.maxIterations) || c.maxIterations < 1)) {
        out.push({ severity: 'error', message: `"maxIterations" should be a whole number of at least 1, not ${c.maxIterations}.`, at: c.at });
      }
      break;
    case 'output_contains':
    case 'output_not_contains':
      if (c.pattern === null) out.push({ severity: 'error', message: `${c.type} needs a "pattern" (a regular expression).`, at: c.at });
      else {
        const problem = regexProblem(c.pattern);
        if (problem) out.push({ severity: 'error', message: `Invalid regular expression in "pattern": ${problem}.`, at: c.patternAt ?? c.at });
      }
      break;
    case null:
      out.push({ severity: 'error', message: 'A condition needs a "type": always, convergence, output_contains or output_not_contains.', at: c.at });
      break;
    default:
      out.push({ severity: 'error', message: `Unknown condition type "${c.type}": expected always, convergence, output_contains or output_not_contains.`, at: c.at });
  }
  return out;
}

/** Listed agents no transition reaches from the entry never run. */
function unreachedAgentFindings(template: TemplateDef, agents: ReadonlyMap<string, AgentDef>): Raw[] {
  const entry = template.entryAgent;
  if (!entry || !agents.has(entry.name)) return [];
  const graph = templateGraph(template, agents);
  const reachedAgents = new Set(graph.nodes.filter((n) => n.reachable).map((n) => n.agent));
  return template.agents
    .filter((ref) => agents.has(ref.ref) && !reachedAgents.has(ref.ref))
    .map((ref) => ({ severity: 'warning' as const, message: `Agent "${ref.ref}" is never reached: no transition leads to it from the entry agent "${entry.name}".`, at: ref.at }));
}

function regexProblem(pattern: string): string | null {
  try {
    new RegExp(pattern);
    return null;
  } catch (e) {
    return e instanceof Error ? e.message.replace(/^Invalid regular expression: /, '') : String(e);
  }
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
