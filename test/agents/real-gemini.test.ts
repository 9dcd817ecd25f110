import * as assert from 'assert';
import { readFileSync } from 'fs';
import * as path from 'path';
import { DEFAULT_PRICES, sumUsage } from '../../src/core/transcripts/cost';
import { parseTranscript } from '../../src/core/transcripts/read-transcript';
import { GeminiUsage } from '../harness/model-servers/gemini-generate';
import { QUESTION, RealTurn, TASK, TICKS, activity, assertClaimedAndCompleted, assertNothingClaimed, assertTicked, hookReports, listPrice, printVersions, realSlowTurn, realTurn, removeTurn, reportsOnce, runStates, tasks, whileHeld, withTurn } from './real-turn';
import { AGENT, assertClisInstalled } from './scratch-team';

/**
 * The real Gemini CLI, headless (`gemini -p … </dev/null`), against the scripted Gemini
 * API server, in a project wired by our generators (see real-turn.ts): a whole turn
 * through the Cortex MCP server, the state hooks, the session log our transcript
 * reader reads, and an overloaded model. Gemini CLI's `-p` prints only the answer; its
 * session id is the one in its own session log.
 */

type GeminiRequest = { tools?: { functionDeclarations?: { name: string }[] }[]; contents: { role: string; parts: { functionResponse?: { name: string; response: { output?: string; error?: unknown } } }[] }[] };

/** The hook reports once Gemini CLI's SessionEnd (its last) has been recorded. */
const untilEnded = (turn: RealTurn) => reportsOnce(turn, (reports) => reports.some((r) => r.state === 'ended'), 'the SessionEnd report');

describe('real Gemini CLI, headless, a whole turn against a scripted model', function () {
  this.timeout(120000);
  let turn: RealTurn;

  before(async () => {
    assertClisInstalled();
    await printVersions();
    turn = await realTurn('gemini', 'claim-and-complete');
    assert.strictEqual(turn.run.code, 0, turn.run.stderr);
  });
  after(() => removeTurn(turn));

  it('claims and completes the dispatched task through the Cortex MCP server, its tools offered with no confirmation', () => {
    assert.deepStrictEqual(turn.server.unoffered, [], 'every scripted tool call was offered to the model');
    assert.strictEqual(turn.run.stdout.trim(), 'Claimed and completed Credit notes.');
    const requests = turn.server.requests as GeminiRequest[];
    // Headless, Gemini CLI offers the model no tool that would need confirmation: `trust` on the server entry makes them offered.
    const offered = (requests.at(-1)?.tools ?? []).flatMap((t) => t.functionDeclarations ?? []).map((f) => f.name);
    assert.ok(offered.includes('mcp_cortex_claim_task') && offered.includes('mcp_cortex_complete_task'), offered.join(', '));
    const responses = requests.at(-1)!.contents.flatMap((c) => c.parts).flatMap((p) => (p.functionResponse ? [p.functionResponse] : []));
    assert.deepStrictEqual(responses.map((r) => [r.name, r.response.error]), [['mcp_cortex_claim_task', undefined], ['mcp_cortex_complete_task', undefined]]);
    assert.match(tasks(turn.place.team), /^## Credit notes\n\*\*Status:\*\* done\n[\s\S]*### Summary\nCredit notes done \(scripted\)\.\n/m);
  });

  it('the activity feed records the dispatch, the claim and the completion, the last two through the MCP server', () => {
    assert.deepStrictEqual(
      activity(turn.place.team).map((e) => [e.event_type, e.actor, e.payload.via, e.subject]),
      [
        ['task.dispatched', 'cortex-team', 'cli', TASK],
        ['task.claimed', AGENT, 'mcp', TASK],
        ['task.completed', AGENT, 'mcp', TASK],
      ],
    );
  });

  it('the state hooks report working → turn finished → ended with its session id, and the session log our reader reads is that session: the tokens the scripted server reported, the cost the price table gives', async () => {
    const reports = await untilEnded(turn);
    const session = reports[0].session ?? '';
    assert.match(session, /^[0-9a-f-]{36}$/);
    assert.deepStrictEqual(
      reports.map((r) => [r.state, r.event, r.session, r.source]),
      [
        ['working', 'BeforeAgent', session, 'gemini'],
        ['turn-finished', 'AfterAgent', session, 'gemini'],
        ['ended', 'SessionEnd', session, 'gemini'],
      ],
    );
    const file = runStates(turn.place.team)[0].transcript ?? '';
    assert.ok(file.startsWith(path.join(turn.place.home, '.gemini', 'tmp')), file || 'no transcript');
    const log = parseTranscript('gemini', readFileSync(file, 'utf8'));
    assert.strictEqual(log.session, session, 'the session id in Gemini CLI\'s own log');
    assert.strictEqual(log.unreadable, 0);
    assert.strictEqual(log.model, turn.model);
    const served = turn.server.served as GeminiUsage[];
    assert.strictEqual(served.length, 3);
    // promptTokenCount includes the cached tokens; the reader keeps them apart.
    assert.deepStrictEqual(
      log.usage.map((r) => r.usage),
      served.map((u) => ({ input: u.promptTokenCount - u.cachedContentTokenCount, output: u.candidatesTokenCount, cacheRead: u.cachedContentTokenCount, cacheWrite: 0 })),
    );
    assert.deepStrictEqual(
      log.actions.filter((a) => a.kind === 'tool').map((a) => a.tool),
      ['mcp_cortex_claim_task', 'mcp_cortex_complete_task'],
    );
    const sum = sumUsage(log.usage, DEFAULT_PRICES);
    const expected = listPrice(log.usage.map((r) => r.usage), DEFAULT_PRICES['gemini-2.5-flash']);
    assert.ok(Math.abs(sum.cost - expected) < 1e-12, `${sum.cost} ≠ ${expected}`);
    console.log(`      gemini: ${sum.requests} requests, ${sum.usage.input} in, ${sum.usage.cacheRead} cached, ${sum.usage.output} out, $${sum.cost.toFixed(5)}`);
  });

  it('an overloaded model: the run ends with the API error, nothing is claimed, the session is not left working', async () => {
    await withTurn('gemini', 'overloaded', async (failed) => {
      assert.strictEqual(failed.run.code, 1, failed.run.stderr);
      assert.match(failed.run.stderr, /overloaded/);
      assertNothingClaimed(failed.place.team);
      const reports = await untilEnded(failed);
      const session = reports[0].session;
      assert.deepStrictEqual(
        reports.map((r) => [r.state, r.event, r.session]),
        [
          ['working', 'BeforeAgent', session],
          ['ended', 'SessionEnd', session],
        ],
      );
    });
  });

  it('a question and no tool call: the answer is the question, the hooks report working → turn finished → ended, the task stays ready, the feed records nothing', async () => {
    await withTurn('gemini', 'question', async (asked) => {
      assert.strictEqual(asked.run.code, 0, asked.run.stderr);
      assert.strictEqual(asked.run.stdout.trim(), QUESTION);
      assertNothingClaimed(asked.place.team);
      const reports = await untilEnded(asked);
      const session = reports[0].session;
      assert.deepStrictEqual(
        reports.map((r) => [r.state, r.event, r.session]),
        [
          ['working', 'BeforeAgent', session],
          ['turn-finished', 'AfterAgent', session],
          ['ended', 'SessionEnd', session],
        ],
      );
    });
  });

  it('a model that answers slowly: while its first reply is held the hooks say working and nothing is claimed; released, the turn finishes and the task is done', async () => {
    const slow = realSlowTurn('gemini');
    try {
      const working = await whileHeld(slow, () => runStates(slow.place.team).find((s) => s.state === 'working'), 'a working report');
      assert.strictEqual(working.event, 'BeforeAgent');
      assert.ok(hookReports(slow).every((r) => r.state === 'working'), 'no turn-finished report while held');
      slow.gate.release();
      const done = await slow.done;
      assertClaimedAndCompleted(done);
      assert.strictEqual(done.run.stdout.trim(), 'Claimed and completed Credit notes.');
      assert.deepStrictEqual(
        (await untilEnded(done)).map((r) => [r.state, r.event, r.session]),
        [
          ['working', 'BeforeAgent', working.session],
          ['turn-finished', 'AfterAgent', working.session],
          ['ended', 'SessionEnd', working.session],
        ],
      );
    } finally {
      slow.gate.release();
      await removeTurn(await slow.done.catch(() => undefined));
    }
  });

  it(`${TICKS} tick calls in one turn: the feed records the ticks it wrote through the MCP server, tasks.md keeps one last-tick line`, async () => {
    await withTurn('gemini', 'ticks', assertTicked);
  });
});
