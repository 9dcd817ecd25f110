import { EntryView, ToolOutputView } from '../../../src/views/session/common/messages';
import { DiffBlock } from '../../shared/diff-view';

type Tool = Extract<EntryView, { kind: 'tool' }>;
type Plan = Extract<EntryView, { kind: 'plan' }>;

const TOOL_ICON: Readonly<Record<Tool['status'], string>> = { pending: 'circle-large-outline', in_progress: 'loading codicon-modifier-spin', completed: 'pass', failed: 'error' };
const TOOL_WORD: Readonly<Record<Tool['status'], string>> = { pending: 'pending', in_progress: 'running', completed: 'done', failed: 'failed' };
const PLAN_ICON: Readonly<Record<Plan['entries'][number]['status'], string>> = { pending: 'circle-large-outline', in_progress: 'arrow-circle-right', completed: 'pass-filled' };

/** One transcript entry: what the person wrote, the agent's message, a folded thought, a tool call, a plan, a notice. */
export function Entry(props: { entry: EntryView }) {
  const e = props.entry;
  switch (e.kind) {
    case 'user':
      return <TextEntry kind="user" who="You" icon="account" text={e.text} />;
    case 'agent':
      return <TextEntry kind="agent" who="Agent" icon="hubot" text={e.text} />;
    case 'notice':
      return (
        <li class="entry notice">
          <span class="codicon codicon-info" aria-hidden="true" /> <span>{e.text}</span>
        </li>
      );
    case 'thought':
      return (
        <li class="entry thought">
          <details>
            <summary>
              <span class="codicon codicon-lightbulb" aria-hidden="true" /> Thought <span class="muted thought-start">{firstLine(e.text)}</span>
            </summary>
            <div class="entry-text">{e.text}</div>
          </details>
        </li>
      );
    case 'tool':
      return <ToolEntry tool={e} />;
    case 'plan':
      return <PlanEntry plan={e} />;
  }
}

function TextEntry(props: { kind: string; who: string; icon: string; text: string }) {
  return (
    <li class={`entry ${props.kind}`}>
      <div class="entry-who">
        <span class={`codicon codicon-${props.icon}`} aria-hidden="true" /> {props.who}
      </div>
      <div class="entry-text">{props.text}</div>
    </li>
  );
}

function ToolEntry(props: { tool: Tool }) {
  const t = props.tool;
  return (
    <li class={`entry tool status-${t.status}`}>
      <details open={t.status === 'failed' || t.output.some((o) => o.kind === 'diff')}>
        <summary>
          <span class={`codicon codicon-${TOOL_ICON[t.status]}`} aria-hidden="true" />
          <span class="tool-title">{t.title}</span>
          {t.toolKind ? <span class="tag">{t.toolKind}</span> : null}
          <span class="tool-status">{TOOL_WORD[t.status]}</span>
        </summary>
        {t.argumentsText ? <pre class="tool-args" aria-label="Arguments">{t.argumentsText}</pre> : null}
        {t.output.map((o, i) => (
          <Output key={i} output={o} />
        ))}
      </details>
    </li>
  );
}

function Output(props: { output: ToolOutputView }) {
  const o = props.output;
  if (o.kind === 'diff') return <DiffBlock diff={o.diff} />;
  if (o.kind === 'terminal') return <p class="muted tool-terminal">Output in terminal {o.terminalId}</p>;
  return <pre class="tool-output">{o.text}</pre>;
}

function PlanEntry(props: { plan: Plan }) {
  const done = props.plan.entries.filter((p) => p.status === 'completed').length;
  return (
    <li class="entry plan">
      <div class="entry-who">
        <span class="codicon codicon-checklist" aria-hidden="true" /> Plan{' '}
        <span class="muted">
          {done} of {props.plan.entries.length} done
        </span>
      </div>
      <ul class="plan-list">
        {props.plan.entries.map((p, i) => (
          <li key={i} class={`plan-item ${p.status}`} aria-label={`${p.content}: ${p.status.replace('_', ' ')}${p.priority === 'high' ? ', high priority' : ''}`}>
            <span class={`codicon codicon-${PLAN_ICON[p.status]}`} aria-hidden="true" />
            <span>{p.content}</span>
          </li>
        ))}
      </ul>
    </li>
  );
}

function firstLine(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
