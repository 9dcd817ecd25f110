import * as assert from 'assert';
import { mkdtempSync, readFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import { AcpSession } from '../../../../src/extension/acp/acp-session';

/** An ACP session whose agent cannot start: said in words, the session failed, nothing left running. */
describe('ACP session start', () => {
  it('a command that is not there: "was not found", the session failed with that reason', async () => {
    const missing = path.join(__dirname, 'no-such-acp-agent');
    const session = new AcpSession({ slug: 'billing-dev', command: missing, args: [], cwd: __dirname, env: { PATH: process.env.PATH }, mcpServers: [] }, () => 1000, () => undefined);
    await assert.rejects(session.start(), new RegExp(`its command "${missing.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" was not found`));
    const snap = session.snapshot();
    assert.equal(snap.state, 'failed');
    assert.match(snap.reason ?? '', /was not found/);
    assert.equal(session.live, false);
    await assert.rejects(session.prompt('hello'), /its session is failed/);
  });

  it('a process that is no ACP agent: the session fails with its exit code and its last words', async () => {
    const session = new AcpSession({ slug: 'billing-dev', command: process.execPath, args: ['-e', 'process.stdin.resume(); console.error("not an ACP agent"); setTimeout(() => process.exit(3), 50)'], cwd: __dirname, env: { PATH: process.env.PATH }, mcpServers: [] }, () => 1000, () => undefined);
    await assert.rejects(session.start());
    assert.equal(session.state, 'failed');
    assert.equal(session.snapshot().reason, 'its process ended (exit code 3): not an ACP agent');
  });
});

/**
 * Resuming a kept session (Restart): `session/load` with the kept id where the agent
 * advertises `loadSession`; otherwise, or when its load is refused, a new session, said
 * why. The agent is a real process speaking ACP over stdio (test/harness/acp/fake-acp-agent.ts).
 */
describe('ACP session resume', () => {
  const agentScript = path.join(__dirname, '..', '..', '..', 'harness', 'acp', 'fake-acp-agent.js');
  let dir: string;
  let sessions: AcpSession[];
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'acp-resume-'));
    sessions = [];
  });
  afterEach(async () => {
    await Promise.all(sessions.map((s) => s.stop()));
    rmSync(dir, { recursive: true, force: true });
  });
  const received = (): Array<{ method: string; sessionId?: string }> =>
    readFileSync(path.join(dir, 'requests.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { method: string; sessionId?: string });
  const start = async (load: 'yes' | 'no' | 'fail', resumeSessionId?: string, mode?: string): Promise<AcpSession> => {
    const env = { PATH: process.env.PATH, FAKE_ACP_LOAD: load, FAKE_ACP_LOG: path.join(dir, 'requests.jsonl') };
    const session = new AcpSession({ slug: 'billing-dev', command: process.execPath, args: [agentScript], cwd: dir, env, mcpServers: [], ...(resumeSessionId ? { resumeSessionId } : {}), ...(mode ? { mode } : {}) }, () => 1000, () => undefined);
    sessions.push(session);
    await session.start();
    return session;
  };
  const notices = (s: AcpSession) => s.snapshot().entries.flatMap((e) => (e.kind === 'notice' ? [e.text] : []));

  it('the agent advertises loadSession: session/load with the kept id, its history replayed, no session/new; prompts go to the resumed session', async () => {
    const session = await start('yes', 'kept-session-7');
    assert.equal(session.canLoad, true);
    assert.equal(session.sessionId, 'kept-session-7');
    assert.equal(session.state, 'idle');
    assert.deepEqual(received(), [{ method: 'initialize' }, { method: 'session/load', sessionId: 'kept-session-7' }]);
    assert.ok(session.snapshot().entries.some((e) => e.kind === 'agent' && e.text === 'Earlier turn.'), 'the history the agent replayed is in the transcript');
    assert.deepEqual(notices(session), ['Resumed session kept-session-7.']);
    assert.equal(await session.prompt('Go on.'), 'end_turn');
    assert.deepEqual(received()[2], { method: 'session/prompt', sessionId: 'kept-session-7' });
  });

  it('the agent does not advertise loadSession: no session/load, a new session, said why', async () => {
    const session = await start('no', 'kept-session-7');
    assert.equal(session.canLoad, false);
    const created = received();
    assert.deepEqual(created.map((r) => r.method), ['initialize', 'session/new']);
    assert.equal(session.sessionId, created[1].sessionId);
    assert.deepEqual(notices(session), [`Started session ${session.sessionId} (the agent cannot resume sessions).`]);
  });

  it("the agent refuses the load (Gemini CLI's answer): a new session instead of a failed start, its reason said", async () => {
    const session = await start('fail', 'kept-session-7');
    assert.equal(session.state, 'idle');
    const asked = received();
    assert.deepEqual(asked.map((r) => r.method), ['initialize', 'session/load', 'session/new']);
    assert.equal(asked[1].sessionId, 'kept-session-7');
    assert.equal(session.sessionId, asked[2].sessionId);
    assert.deepEqual(notices(session), [`Started session ${session.sessionId} (the agent could not resume session kept-session-7: Internal error: No previous sessions found for this project.).`]);
    assert.equal(await session.prompt('Hello.'), 'end_turn');
  });

  it("the launch's mode is set on a resumed session as on a new one (the agent starts both in its own)", async () => {
    await start('yes', 'kept-session-7', 'default');
    assert.deepEqual(received().slice(1), [
      { method: 'session/load', sessionId: 'kept-session-7' },
      { method: 'session/set_mode', sessionId: 'kept-session-7', modeId: 'default' },
    ]);
    const fresh = await start('fail', 'kept-session-7', 'default');
    assert.deepEqual(received().slice(-2), [
      { method: 'session/new', sessionId: fresh.sessionId },
      { method: 'session/set_mode', sessionId: fresh.sessionId, modeId: 'default' },
    ]);
  });

  it('nothing kept (a first start): session/new even where the agent could load', async () => {
    const session = await start('yes');
    assert.deepEqual(received().map((r) => r.method), ['initialize', 'session/new']);
    assert.deepEqual(notices(session), [`Started session ${session.sessionId}.`]);
  });
});
