import * as assert from 'assert';
import * as fc from 'fast-check';
import { DriverInput, DriverMemory, DriverTurn, NO_TURN_MS, heartbeatDecision, idleMemory, noTurnWindow, sentMemory, startMemory } from '../../../../src/core/agents/heartbeat';
import { NodeTeamFs } from '../../../../src/core/fs/node-fs';
import { interpretHook, parseRunState, recordRunState, runStateFileOf, runStatePath, runStateText } from '../../../../src/core/agents/run-state';
import { mkdtempSync, readdirSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';

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
    assert.equal(interpretHook('codex', { hook_event_name: 'PermissionRequest', tool_name: 'shell', tool_input: { command: 'rm -rf build' } })?.message, 'Permission to use shell: rm -rf build');
    assert.equal(interpretHook('claude-code', { hook_event_name: 'PermissionRequest', tool_name: 'Bash', tool_input: { command: 'ls', description: 'List files' } })?.message, 'Permission to use Bash: List files');
    assert.equal(interpretHook('claude-code', { hook_event_name: 'PermissionRequest', tool_name: 'mcp__cortex__tick', tool_input: {} })?.message, 'Permission to use mcp__cortex__tick');
    assert.equal(interpretHook('claude-code', { hook_event_name: 'PermissionRequest', tool_name: 'Bash', message: 'Claude needs your permission to use Bash' })?.message, 'Claude needs your permission to use Bash', 'not named twice');
    assert.equal(interpretHook('x', 'not an object'), null);
  });

  it('reads back what it writes; anything else is no state', () => {
    const s = { agent: 'ada', state: 'needs-input' as const, at: '2026-03-28T10:00:00.000Z', event: 'Notification', source: 'claude-code', message: 'May I?', session: 's1', transcript: null, run: 'r1' };
    assert.deepEqual(parseRunState(runStateText(s), 'ada'), s);
    assert.equal(parseRunState('{"state":"sleeping","at":"2026-03-28T10:00:00Z"}', 'ada'), null);
    assert.equal(parseRunState('{"state":"working","at":"yesterday"}', 'ada'), null);
    assert.equal(parseRunState('{"state":"work', 'ada'), null);
    assert.equal(runStatePath('ada', '31f2d75a-0b1c'), '.cortex/run/ada/31f2d75a-0b1c.json');
    assert.match(runStatePath('ada', '../../etc/passwd'), /^\.cortex\/run\/ada\/h-[0-9a-f]{32}\.json$/, 'a session id is never a path');
    assert.deepEqual(runStateFileOf('.cortex/run/ada/s1.json'), { slug: 'ada', name: 's1.json' });
    assert.equal(runStateFileOf('.cortex/run/.gitignore'), undefined);
    assert.equal(runStateFileOf('.cortex/run/ada/.s1.json.x1.tmp'), undefined);
    assert.equal(runStateFileOf('.cortex/run/ada.json'), undefined, "an earlier version's file, per agent, is not a session's");
  });

  it("Claude Code's /clear ends a session at the prompt, not the agent", () => {
    assert.equal(interpretHook('claude-code', { hook_event_name: 'SessionEnd', session_id: 's1', reason: 'clear' })?.state, 'turn-finished');
    assert.equal(interpretHook('claude-code', { hook_event_name: 'SessionEnd', session_id: 's1', reason: 'prompt_input_exit' })?.state, 'ended');
  });
});

describe('run state: one file per session', () => {
  let root: string;
  let fs: NodeTeamFs;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'cortex-run-state-'));
    fs = new NodeTeamFs(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  const report = (session: string | null, state: 'working' | 'needs-input' | 'turn-finished' | 'ended', at: string, run: string | null = null) => ({ state, event: 'x', source: 'claude-code', message: null, session, transcript: null, at, run });
  const read = async (session: string) => parseRunState(new TextDecoder().decode(await fs.readFile(runStatePath('ada', session))), 'ada');

  it("another session's SessionEnd (claude mcp list in the project) leaves the running session's state alone", async () => {
    await recordRunState(fs, 'ada', report('ours', 'needs-input', '2026-03-28T10:00:00Z', 'run-1'), new Date());
    await recordRunState(fs, 'ada', report('mcp-list', 'ended', '2026-03-28T10:00:05Z'), new Date());
    assert.equal((await read('ours'))?.state, 'needs-input');
    assert.equal((await read('ours'))?.run, 'run-1');
    assert.equal((await read('mcp-list'))?.state, 'ended');
  });

  it('a report with no session id records nothing; an older report never replaces a newer one of its session', async () => {
    assert.equal(await recordRunState(fs, 'ada', report(null, 'ended', '2026-03-28T10:00:05Z'), new Date()), null);
    assert.deepEqual(readdirSync(root), []);
    await recordRunState(fs, 'ada', report('s1', 'turn-finished', '2026-03-28T10:00:05Z'), new Date());
    const kept = await recordRunState(fs, 'ada', report('s1', 'working', '2026-03-28T10:00:01Z'), new Date());
    assert.equal(kept?.state, 'turn-finished');
    assert.deepEqual(readdirSync(path.join(root, '.cortex/run/ada')), ['s1.json'], 'no temp file left');
  });

  it('an inferred report (a question answered, from the session log) replaces only the state it was inferred from, never a report the hooks made since', async () => {
    await recordRunState(fs, 'ada', report('q1', 'needs-input', '2026-03-28T10:00:00Z'), new Date());
    const asked = (old: { state: string; at: string } | null) => !!old && old.state === 'needs-input' && old.at === '2026-03-28T10:00:00Z';
    // The turn finished (a hook) before the log was read again: the later inference loses.
    await recordRunState(fs, 'ada', report('q1', 'turn-finished', '2026-03-28T10:00:02Z'), new Date());
    const kept = await recordRunState(fs, 'ada', { ...report('q1', 'working', '2026-03-28T10:00:03Z'), event: 'transcript' }, new Date(), asked);
    assert.equal(kept?.state, 'turn-finished');
    assert.equal((await read('q1'))?.state, 'turn-finished');
    // Still at the question: the inference is recorded.
    await recordRunState(fs, 'ada', report('q2', 'needs-input', '2026-03-28T10:00:00Z'), new Date());
    const made = await recordRunState(fs, 'ada', { ...report('q2', 'working', '2026-03-28T10:00:03Z'), event: 'transcript' }, new Date(), asked);
    assert.equal(made?.state, 'working');
    assert.equal((await read('q2'))?.state, 'working');
  });

  it("a session ends once: Gemini CLI's second SessionEnd on exit is not recorded again", async () => {
    await recordRunState(fs, 'ada', report('g1', 'ended', '2026-03-28T10:00:05Z'), new Date());
    const again = await recordRunState(fs, 'ada', report('g1', 'ended', '2026-03-28T10:00:06Z'), new Date());
    assert.equal(again?.at, '2026-03-28T10:00:05Z');
    assert.equal((await read('g1'))?.at, '2026-03-28T10:00:05Z');
    await recordRunState(fs, 'ada', report('g1', 'working', '2026-03-28T10:01:00Z'), new Date());
    assert.equal((await read('g1'))?.state, 'working', 'a resumed session works again');
  });
});

describe('heartbeat driver rule', () => {
  const HB = 10 * 60_000;
  const input = (i: Partial<DriverInput>): DriverInput => ({ now: 0, heartbeatMs: HB, enabled: true, live: true, turn: 'turn-finished', noTurnMs: NO_TURN_MS, stateAt: 'a', ready: [], inProgress: false, budgetSpent: false, ...i });
  const start: DriverMemory = startMemory(0, ['Old task']);

  it('waits while not running, off, over budget, with no work, or mid-turn', () => {
    assert.deepEqual(heartbeatDecision(input({ live: false, ready: ['x'] }), start), { send: false, why: 'not-running' });
    assert.deepEqual(heartbeatDecision(input({ enabled: false, ready: ['x'] }), start), { send: false, why: 'off' });
    assert.deepEqual(heartbeatDecision(input({ budgetSpent: true, ready: ['x'] }), start), { send: false, why: 'budget' });
    assert.deepEqual(heartbeatDecision(input({ now: HB * 5 }), start), { send: false, why: 'no-work' });
    for (const turn of ['starting', 'working', 'needs-input', 'ended', 'unknown'] as const) assert.deepEqual(heartbeatDecision(input({ turn, ready: ['New'] }), start), { send: false, why: turn });
  });

  it('never types unless its own session says it is at its prompt: a permission dialog (needs input), a turn, an ended or unknown session get no keystrokes, whatever else holds', () => {
    const turns = fc.constantFrom<DriverTurn>('starting', 'working', 'needs-input', 'turn-finished', 'ended', 'unknown');
    const titles = fc.array(fc.constantFrom('Old task', 'New', 'Newer'), { maxLength: 3 });
    const memory = fc.record({ lastSentAt: fc.integer({ min: 0, max: 10 * HB }), seenReady: titles, sentStateAt: fc.option(fc.constantFrom('a', 'b'), { nil: undefined }) });
    fc.assert(
      fc.property(turns, titles, fc.boolean(), fc.integer({ min: 0, max: 20 * HB }), fc.constantFrom('a', 'b', null), memory, (turn, ready, inProgress, now, stateAt, m) => {
        const d = heartbeatDecision(input({ turn, ready, inProgress, now, stateAt }), m);
        return !d.send || turn === 'turn-finished';
      }),
    );
  });

  it('a tick that started no turn in time is said (no-turn), and never typed again until its session reports', () => {
    const m = sentMemory(input({ now: 1000, ready: ['New'] }));
    assert.deepEqual(heartbeatDecision(input({ now: 1000 + NO_TURN_MS - 1, ready: ['New', 'Newer'] }), m), { send: false, why: 'sent', dueAt: 1000 + NO_TURN_MS });
    assert.deepEqual(heartbeatDecision(input({ now: 1000 + NO_TURN_MS, ready: ['New', 'Newer'] }), m), { send: false, why: 'no-turn' });
    assert.deepEqual(heartbeatDecision(input({ now: 1000 + 5 * HB, ready: ['New', 'Newer'] }), m), { send: false, why: 'no-turn' }, 'not even a heartbeat later');
    const reported = idleMemory(input({ now: 1000 + 5 * HB, stateAt: 'b' }), m);
    assert.deepEqual(heartbeatDecision(input({ now: 1000 + 5 * HB, stateAt: 'b', ready: ['New', 'Newer'] }), reported), { send: true, why: 'new-task' });
    assert.equal(noTurnWindow(true, HB), NO_TURN_MS);
    assert.equal(noTurnWindow(false, HB), HB, "Codex reports only a turn's end: it gets a heartbeat");
  });

  it('ticks at once for a task that was not there at the start or the last tick; else once a heartbeat', () => {
    assert.deepEqual(heartbeatDecision(input({ ready: ['Old task', 'New'] }), start), { send: true, why: 'new-task' });
    assert.deepEqual(heartbeatDecision(input({ now: 60_000, ready: ['Old task'] }), start), { send: false, why: 'scheduled', dueAt: HB });
    assert.deepEqual(heartbeatDecision(input({ now: HB, ready: ['Old task'] }), start), { send: true, why: 'heartbeat' });
    assert.deepEqual(heartbeatDecision(input({ now: HB, inProgress: true }), start), { send: true, why: 'heartbeat' });
  });

  it('after a tick, waits for a new report; an empty queue forgets, so the next dispatch is new', () => {
    const sent = input({ now: 1000, ready: ['Old task', 'New'] });
    let m = sentMemory(sent);
    assert.deepEqual(heartbeatDecision(input({ now: 2000, ready: ['Old task', 'New', 'Newer'] }), m), { send: false, why: 'sent', dueAt: 1000 + NO_TURN_MS });
    m = idleMemory(input({ now: 3000, stateAt: 'b', ready: ['Old task', 'New'] }), m);
    assert.equal(m.sentStateAt, undefined, 'a new report came');
    assert.deepEqual(heartbeatDecision(input({ now: 3000, stateAt: 'b', ready: ['Old task', 'New', 'Newer'] }), m), { send: true, why: 'new-task' });
    m = idleMemory(input({ now: 4000, ready: [] }), m);
    assert.deepEqual(m.seenReady, []);
    assert.deepEqual(heartbeatDecision(input({ now: 5000, ready: ['Old task'] }), m), { send: true, why: 'new-task' });
  });
});
