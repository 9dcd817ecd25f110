// The Needs you list and the session view in the real extension host, against an in-test
// implementation of the `AgentSessions` contract (src/extension/sessions/session-model.ts)
// provided through the registry, as the ACP host side provides its own: a permission
// request reaches the Team view's list, the status bar and one notification; an answer
// from the list (or the session view) goes to `answer()`; an item answered elsewhere leaves
// at once; the session view shows the transcript and sends prompts, Cancel and answers.
import * as assert from 'node:assert/strict';
import type { CortexTestApi } from '../../../src/app/test-api';
import type { AgentSessionSnapshot, AgentSessions, PermissionRequestItem, Unsubscribe } from '../../../src/extension/sessions/session-model';
import { openTeamView } from './cortex-helpers';
import { TestAgent, addAgent, api, messages, removeAgents, reset, waitFor } from './commands-helpers';

const SLUG = 'itest-acp-agent';
const NAME = 'Itest Senior Payments Reconciliation Lead';
const LONG = 30_000;

/** Sessions held in memory: what a test sets is what the views read; calls are recorded. */
class InTestSessions implements AgentSessions {
  private readonly snapshots = new Map<string, AgentSessionSnapshot>();
  private readonly listeners = new Set<(slug: string) => void>();
  readonly calls: string[] = [];

  set(s: AgentSessionSnapshot): void {
    this.snapshots.set(s.agentSlug, s);
    for (const l of this.listeners) l(s.agentSlug);
  }
  get(slug: string): AgentSessionSnapshot | undefined {
    return this.snapshots.get(slug);
  }
  all(): readonly AgentSessionSnapshot[] {
    return [...this.snapshots.values()];
  }
  onDidChange(listener: (slug: string) => void): Unsubscribe {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }
  async prompt(slug: string, text: string): Promise<void> {
    this.calls.push(`prompt ${slug} ${text}`);
  }
  async cancel(slug: string): Promise<void> {
    this.calls.push(`cancel ${slug}`);
  }
  async answer(slug: string, requestId: string, optionId: string): Promise<void> {
    this.calls.push(`answer ${slug} ${requestId} ${optionId}`);
    const s = this.snapshots.get(slug)!;
    this.set({ ...s, pending: s.pending.filter((p) => p.id !== requestId) });
  }
}

function request(id: string, receivedAt: number): PermissionRequestItem {
  return {
    kind: 'permission',
    id,
    agentSlug: SLUG,
    sessionId: 'sess-1',
    toolCallId: `call-${id}`,
    tool: 'mcp__cortex__claim_task',
    toolKind: 'edit',
    argumentsText: `agent: ${SLUG}\ntask: Reconcile the November refunds ledger`,
    diffs: [{ path: `agents/${SLUG}/tasks.md`, oldText: '## Reconcile\n**Status:** ready\n', newText: '## Reconcile\n**Status:** in-progress\n' }],
    options: [
      { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
      { optionId: 'always', name: 'Always Allow', kind: 'allow_always' },
      { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
    ],
    receivedAt,
  };
}

describe('Needs you and the session view, with the AgentSessions contract implemented in the test', function () {
  this.timeout(4 * LONG);
  let a: CortexTestApi;
  let agent: TestAgent;
  let sessions: InTestSessions;
  let provided: { dispose(): void } | undefined;
  const rows = () => a.viewState().needsYou.filter((r) => r.agent === SLUG);
  const snapshot = (more: Partial<AgentSessionSnapshot> = {}): AgentSessionSnapshot => ({ agentSlug: SLUG, sessionId: 'sess-1', state: 'in-turn', entries: [], pending: [], ...more });

  before(async () => {
    a = await api();
    agent = await addAgent(a, { slug: SLUG, name: NAME });
    await openTeamView(a);
  });
  beforeEach(() => {
    sessions = new InTestSessions();
    provided = a.agents.sessionRegistry.provide(sessions);
  });
  afterEach(async () => {
    provided?.dispose();
    await reset(a);
  });
  after(async () => removeAgents(a, [agent.slug]));

  it('a permission request reaches the list (with its diff), the status bar and one notification; the list answers it and it leaves', async () => {
    a.setPromptAnswers({ message: () => undefined });
    a.clearShownMessages();
    const now = a.now().getTime();
    sessions.set(snapshot({ pending: [request('req-1', now), request('req-2', now + 1)] }));
    await waitFor(() => rows().length === 2, LONG, 'both requests in the Team view state');
    const [row] = rows();
    assert.deepEqual({ kind: row.kind, agentName: row.agentName, tool: row.tool, hasSession: row.hasSession }, { kind: 'permission', agentName: NAME, tool: 'mcp__cortex__claim_task', hasSession: true });
    assert.deepEqual(row.diffs[0].lines.filter((l) => l.op !== 'same'), [
      { op: 'remove', text: '**Status:** ready' },
      { op: 'add', text: '**Status:** in-progress' },
    ]);
    await waitFor(() => a.view.lastPostedState?.needsYou.length === a.viewState().needsYou.length, LONG, 'the list posted to the page');
    assert.match(a.statusBar.text, /1 needs input/);
    await waitFor(() => messages(a).some((m) => /asks to use mcp__cortex__claim_task/.test(m.message)), LONG, 'the notification');
    assert.equal(messages(a).filter((m) => m.message.includes(NAME)).length, 1, 'one notification for the agent, not one per request');

    a.view.receive({ type: 'answerRequest', item: 'req-1', option: 'allow' });
    await waitFor(() => rows().length === 1, LONG, 'the answered request gone');
    assert.deepEqual(sessions.calls, [`answer ${SLUG} req-1 allow`]);
    await waitFor(() => messages(a).filter((m) => m.message.includes(NAME)).length === 2, LONG, "the next request's notification, once the first was answered");

    // Answered elsewhere (the agent's turn was cancelled): it leaves at once.
    sessions.set(snapshot({ state: 'idle' }));
    await waitFor(() => rows().length === 0 && a.view.lastPostedState?.needsYou.every((r) => r.agent !== SLUG), LONG, 'the list empty');
    await waitFor(() => !/needs input/.test(a.statusBar.text), LONG, 'the status bar count gone');
    await waitFor(() => a.waitingNotices === 0, LONG, 'the notification closed');
  });

  it('an answer for a request that is gone, or an option it does not offer, is refused with a sentence; nothing is sent', async () => {
    a.setPromptAnswers({ message: () => undefined });
    a.clearShownMessages();
    sessions.set(snapshot({ pending: [request('req-3', a.now().getTime())] }));
    await waitFor(() => rows().length === 1, LONG, 'the request listed');
    a.view.receive({ type: 'answerRequest', item: 'req-3', option: 'sudo' });
    a.view.receive({ type: 'answerRequest', item: 'req-old', option: 'allow' });
    await waitFor(() => messages(a, 'warning').length === 2, LONG, 'two refusals');
    assert.match(messages(a, 'warning')[0].message, /offers no such answer/);
    assert.match(messages(a, 'warning')[1].message, /no longer waiting/);
    assert.deepEqual(sessions.calls, []);
  });

  it('the session view shows the transcript as it streams, sends prompts, Cancel and answers; a bad message is dropped', async () => {
    const at = a.now().getTime();
    sessions.set(snapshot({ entries: [{ kind: 'user', id: 'u1', text: 'Claim your next task.', at }] }));
    const panel = a.sessionViews.open(SLUG);
    await waitFor(() => panel.isReady, LONG, 'the session page to say ready');
    assert.equal(a.sessionViews.open(SLUG), panel, 'one panel per agent');
    sessions.set(snapshot({ entries: [{ kind: 'user', id: 'u1', text: 'Claim your next task.', at }, { kind: 'agent', id: 'a1', text: 'Claiming it.', at }], pending: [request('req-4', at)] }));
    await waitFor(() => panel.lastPostedState?.entries.length === 2, LONG, 'the streamed message posted');
    assert.equal(panel.lastPostedState!.agentName, NAME);
    assert.equal(panel.lastPostedState!.pending[0].id, 'req-4');
    panel.receiveMessage({ type: 'answer', item: 'req-4', option: 'reject' });
    panel.receiveMessage({ type: 'cancel' });
    panel.receiveMessage({ type: 'prompt', path: '/etc/passwd' });
    sessions.set(snapshot({ state: 'idle' }));
    panel.receiveMessage({ type: 'prompt', text: 'Also check December.' });
    await waitFor(() => sessions.calls.length === 3, LONG, 'the three calls');
    assert.deepEqual(sessions.calls, [`answer ${SLUG} req-4 reject`, `cancel ${SLUG}`, `prompt ${SLUG} Also check December.`]);
    panel.panel.dispose();
    await waitFor(() => a.sessionViews.of(SLUG) === undefined, LONG, 'the panel let go');
  });
});
