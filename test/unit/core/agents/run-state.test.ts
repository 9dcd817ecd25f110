import * as assert from 'assert';
import { DriverInput, DriverMemory, heartbeatDecision, idleMemory, sentMemory, startMemory } from '../../../../src/core/agents/heartbeat';
import { interpretHook, parseRunState, runStateText, slugOfRunStatePath } from '../../../../src/core/agents/run-state';

/** Turn states from the CLIs' hook payloads, and the heartbeat driver's rule. */
describe('run state: hook payloads', () => {
  it('Claude Code: UserPromptSubmit works, Notification asks (its idle reminder does not), Stop finishes, SessionEnd ends', () => {
    const base = { session_id: 's1', transcript_path: '/h/.claude/projects/-p/s1.jsonl', cwd: '/p' };
    assert.deepEqual(interpretHook('claude-code', { ...base, hook_event_name: 'UserPromptSubmit', prompt: 'hi' }), {
      event: 'UserPromptSubmit',
      source: 'claude-code',
      session: 's1',
      transcript: '/h/.claude/projects/-p/s1.jsonl',
      state: 'working',
      message: null,
    });
    const asks = interpretHook('claude-code', { ...base, hook_event_name: 'Notification', message: 'Claude needs your permission to use Bash', notification_type: 'permission_prompt' });
    assert.equal(asks?.state, 'needs-input');
    assert.equal(asks?.message, 'Claude needs your permission to use Bash');
    assert.equal(interpretHook('claude-code', { ...base, hook_event_name: 'Notification', message: 'Claude is waiting for your input' })?.state, 'turn-finished');
    assert.equal(interpretHook('claude-code', { ...base, hook_event_name: 'Notification', notification_type: 'idle_prompt', message: 'x' })?.state, 'turn-finished');
    assert.equal(interpretHook('claude-code', { ...base, hook_event_name: 'Stop', last_assistant_message: 'Done.' })?.message, 'Done.');
    assert.equal(interpretHook('claude-code', { ...base, hook_event_name: 'SessionEnd', reason: 'exit' })?.state, 'ended');
    assert.equal(interpretHook('claude-code', { ...base, hook_event_name: 'PreToolUse' }), null);
    assert.equal(interpretHook('claude-code', { ...base, hook_event_name: 'SomethingNew' }), null);
  });

  it("Codex's notify payload, Gemini CLI's hooks, a permission request; long messages cut; the payload's own time kept", () => {
    const codex = interpretHook('codex', { type: 'agent-turn-complete', 'thread-id': 't9', 'last-assistant-message': 'x'.repeat(500), 'input-messages': ['go'] });
    assert.equal(codex?.state, 'turn-finished');
    assert.equal(codex?.session, 't9');
    assert.equal(codex?.message?.length, 300);
    assert.ok(codex?.message?.endsWith('…'));
    assert.equal(interpretHook('gemini', { hook_event_name: 'BeforeAgent', timestamp: '2026-03-28T10:00:00+02:00' })?.at, '2026-03-28T08:00:00.000Z');
    assert.equal(interpretHook('gemini', { hook_event_name: 'AfterAgent', prompt_response: 'ok' })?.message, 'ok');
    assert.equal(interpretHook('codex', { hook_event_name: 'PermissionRequest', tool_name: 'shell', tool_input: { command: 'rm -rf build' } })?.message, 'rm -rf build');
    assert.equal(interpretHook('x', 'not an object'), null);
  });

  it('reads back what it writes; anything else is no state', () => {
    const s = { agent: 'ada', state: 'needs-input' as const, at: '2026-03-28T10:00:00.000Z', event: 'Notification', source: 'claude-code', message: 'May I?', session: null, transcript: null };
    assert.deepEqual(parseRunState(runStateText(s), 'ada'), s);
    assert.equal(parseRunState('{"state":"sleeping","at":"2026-03-28T10:00:00Z"}', 'ada'), null);
    assert.equal(parseRunState('{"state":"working","at":"yesterday"}', 'ada'), null);
    assert.equal(parseRunState('{"state":"work', 'ada'), null);
    assert.equal(slugOfRunStatePath('.cortex/run/ada.json'), 'ada');
    assert.equal(slugOfRunStatePath('.cortex/run/.gitignore'), undefined);
  });
});

describe('heartbeat driver rule', () => {
  const HB = 10 * 60_000;
  const input = (i: Partial<DriverInput>): DriverInput => ({ now: 0, heartbeatMs: HB, enabled: true, live: true, turn: 'turn-finished', stateAt: 'a', ready: [], inProgress: false, budgetSpent: false, ...i });
  const start: DriverMemory = startMemory(0, ['Old task']);

  it('waits while not running, off, over budget, with no work, or mid-turn', () => {
    assert.deepEqual(heartbeatDecision(input({ live: false, ready: ['x'] }), start), { send: false, why: 'not-running' });
    assert.deepEqual(heartbeatDecision(input({ enabled: false, ready: ['x'] }), start), { send: false, why: 'off' });
    assert.deepEqual(heartbeatDecision(input({ budgetSpent: true, ready: ['x'] }), start), { send: false, why: 'budget' });
    assert.deepEqual(heartbeatDecision(input({ now: HB * 5 }), start), { send: false, why: 'no-work' });
    for (const turn of ['starting', 'working', 'needs-input'] as const) assert.deepEqual(heartbeatDecision(input({ turn, ready: ['New'] }), start), { send: false, why: turn });
  });

  it('ticks at once for a task that was not there at the start or the last tick; else once a heartbeat', () => {
    assert.deepEqual(heartbeatDecision(input({ ready: ['Old task', 'New'] }), start), { send: true, why: 'new-task' });
    assert.deepEqual(heartbeatDecision(input({ now: 60_000, ready: ['Old task'] }), start), { send: false, why: 'scheduled', dueAt: HB });
    assert.deepEqual(heartbeatDecision(input({ now: HB, ready: ['Old task'] }), start), { send: true, why: 'heartbeat' });
    assert.deepEqual(heartbeatDecision(input({ now: HB, inProgress: true }), start), { send: true, why: 'heartbeat' });
  });

  it('after a tick, waits for a new report or a heartbeat; an empty queue forgets, so the next dispatch is new', () => {
    const sent = input({ now: 1000, ready: ['Old task', 'New'] });
    let m = sentMemory(sent);
    assert.deepEqual(heartbeatDecision(input({ now: 2000, ready: ['Old task', 'New', 'Newer'] }), m), { send: false, why: 'sent', dueAt: 1000 + HB });
    m = idleMemory(input({ now: 3000, stateAt: 'b', ready: ['Old task', 'New'] }), m);
    assert.equal(m.sentStateAt, undefined, 'a new report came');
    assert.deepEqual(heartbeatDecision(input({ now: 3000, stateAt: 'b', ready: ['Old task', 'New', 'Newer'] }), m), { send: true, why: 'new-task' });
    m = idleMemory(input({ now: 4000, ready: [] }), m);
    assert.deepEqual(m.seenReady, []);
    assert.deepEqual(heartbeatDecision(input({ now: 5000, ready: ['Old task'] }), m), { send: true, why: 'new-task' });
  });
});
