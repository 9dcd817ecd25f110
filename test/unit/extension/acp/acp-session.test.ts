import * as assert from 'assert';
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
