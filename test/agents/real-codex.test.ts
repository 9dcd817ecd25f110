import * as assert from 'assert';
import { readFileSync } from 'fs';
import * as path from 'path';
import { DEFAULT_PRICES, sumUsage } from '../../src/core/transcripts/cost';
import { parseTranscript } from '../../src/core/transcripts/read-transcript';
import { CodexLogs } from '../../src/extension/agents/codex-log';
import { ResponsesUsage } from '../harness/model-servers/openai-responses';
import { QUESTION, RealTurn, TASK, TICKS, activity, assertClaimedAndCompleted, assertNothingClaimed, assertTicked, hookReports, listPrice, printVersions, realSlowTurn, realTurn, removeTurn, reportsOnce, runStates, tasks, whileHeld, withTurn } from './real-turn';
import { AGENT, assertClisInstalled } from './scratch-team';

/**
 * The real Codex, headless (`codex -c notify=[…] exec --json … </dev/null`, the notify
 * option from our own launch line), against the scripted OpenAI Responses server, in a
 * project wired by our generators (see real-turn.ts): a whole turn through the Cortex
 * MCP server, its notify program, the rollout our transcript reader reads, and an
 * overloaded model.
 */

type CodexEvent = { type: string; thread_id?: string; item?: { type: string; tool?: string; status?: string; error?: unknown; text?: string }; error?: { message: string } };

const events = (stdout: string): CodexEvent[] =>
  stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as CodexEvent);

const threadOf = (stdout: string) => events(stdout).find((e) => e.type === 'thread.started')?.thread_id ?? '';

/** The hook reports once Codex's notify program (started as a turn completes, not waited for) has reported. */
const notified = (turn: RealTurn) => reportsOnce(turn, (reports) => reports.length > 0, 'the notify report');

describe('real Codex, headless, a whole turn against a scripted model', function () {
  this.timeout(120000);
  let turn: RealTurn;
  let thread: string;

  before(async () => {
    assertClisInstalled();
    await printVersions();
    turn = await realTurn('codex', 'claim-and-complete');
    assert.strictEqual(turn.run.code, 0, turn.run.stderr);
    thread = events(turn.run.stdout).find((e) => e.type === 'thread.started')?.thread_id ?? '';
    assert.match(thread, /^[0-9a-f-]{36}$/, turn.run.stdout);
  });
  after(() => removeTurn(turn));

  it('claims and completes the dispatched task through the Cortex MCP server, with no approval asked or refused', () => {
    assert.deepStrictEqual(turn.server.unoffered, [], 'every scripted tool call was offered to the model');
    const calls = events(turn.run.stdout)
      .filter((e) => e.type === 'item.completed' && e.item?.type === 'mcp_tool_call')
      .map((e) => [e.item?.tool, e.item?.status, e.item?.error]);
    assert.deepStrictEqual(calls, [
      ['claim_task', 'completed', null],
      ['complete_task', 'completed', null],
    ]);
    assert.ok(events(turn.run.stdout).some((e) => e.type === 'turn.completed'), turn.run.stdout);
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

  it("its notify program reports the turn finished, with the thread id Codex printed", async () => {
    // Codex starts its notify program as the turn completes and does not wait for it.
    const reports = await notified(turn);
    assert.deepStrictEqual(
      reports.map((r) => [r.state, r.event, r.session, r.source, r.message]),
      [['turn-finished', 'agent-turn-complete', thread, 'codex', 'Claimed and completed Credit notes.']],
    );
    assert.deepStrictEqual(runStates(turn.place.team).map((s) => [s.session, s.state]), [[thread, 'turn-finished']]);
  });

  it("the transcript reader reads the thread's rollout: the tokens the scripted server reported, the cost the price table gives", async () => {
    const file = (await new CodexLogs(() => path.join(turn.place.home, '.codex')).find(thread)) ?? '';
    assert.ok(file.endsWith(`-${thread}.jsonl`), file || 'no rollout found');
    const log = parseTranscript('codex', readFileSync(file, 'utf8'));
    assert.strictEqual(log.session, thread);
    assert.strictEqual(log.unreadable, 0);
    assert.strictEqual(log.model, turn.model);
    const served = turn.server.served as ResponsesUsage[];
    assert.strictEqual(served.length, 3);
    // The Responses API counts cached tokens inside input_tokens; the reader keeps them apart.
    assert.deepStrictEqual(
      log.usage.map((r) => r.usage),
      served.map((u) => ({ input: u.input_tokens - u.input_tokens_details.cached_tokens, output: u.output_tokens, cacheRead: u.input_tokens_details.cached_tokens, cacheWrite: 0 })),
    );
    assert.deepStrictEqual(
      log.actions.filter((a) => a.kind === 'tool').map((a) => a.tool),
      ['claim_task', 'complete_task'],
    );
    const sum = sumUsage(log.usage, DEFAULT_PRICES);
    const expected = listPrice(log.usage.map((r) => r.usage), DEFAULT_PRICES['gpt-5-mini']);
    assert.ok(Math.abs(sum.cost - expected) < 1e-12, `${sum.cost} ≠ ${expected}`);
    console.log(`      codex: ${sum.requests} requests, ${sum.usage.input} in, ${sum.usage.cacheRead} cached, ${sum.usage.output} out, $${sum.cost.toFixed(5)}`);
  });

  it('an overloaded model: the turn fails with the API error, nothing is claimed, no session is said to be working', async () => {
    await withTurn('codex', 'overloaded', (failed) => {
      assert.strictEqual(failed.run.code, 1, failed.run.stderr);
      const failure = events(failed.run.stdout).find((e) => e.type === 'turn.failed');
      assert.match(failure?.error?.message ?? failed.run.stdout, /at capacity/);
      assertNothingClaimed(failed.place.team);
      // Codex reports only finished turns (notify); a failed one reports nothing, so nothing can say "working".
      assert.ok(runStates(failed.place.team).every((s) => s.state !== 'working'));
    });
  });

  it('a question and no tool call: the turn ends with the question, notify reports turn finished with it, the task stays ready, the feed records nothing', async () => {
    await withTurn('codex', 'question', async (asked) => {
      assert.strictEqual(asked.run.code, 0, asked.run.stderr);
      const id = threadOf(asked.run.stdout);
      assert.match(id, /^[0-9a-f-]{36}$/, asked.run.stdout);
      const said = events(asked.run.stdout).filter((e) => e.type === 'item.completed' && e.item?.type === 'agent_message').map((e) => e.item?.text);
      assert.deepStrictEqual(said, [QUESTION]);
      assertNothingClaimed(asked.place.team);
      const reports = await notified(asked);
      assert.deepStrictEqual(reports.map((r) => [r.state, r.event, r.session, r.message]), [['turn-finished', 'agent-turn-complete', id, QUESTION]]);
    });
  });

  it('a model that answers slowly: while its first reply is held no turn is reported finished and nothing is claimed; released, notify reports the turn finished and the task is done', async () => {
    const slow = realSlowTurn('codex');
    try {
      // Codex's notify fires only at a turn's end: while held there is no report at all.
      await whileHeld(slow, () => true, 'nothing more');
      assert.deepStrictEqual(hookReports(slow), []);
      assert.deepStrictEqual(runStates(slow.place.team), []);
      slow.gate.release();
      const done = await slow.done;
      assertClaimedAndCompleted(done);
      const id = threadOf(done.run.stdout);
      assert.match(id, /^[0-9a-f-]{36}$/, done.run.stdout);
      const reports = await notified(done);
      assert.deepStrictEqual(reports.map((r) => [r.state, r.event, r.session]), [['turn-finished', 'agent-turn-complete', id]]);
    } finally {
      slow.gate.release();
      await removeTurn(await slow.done.catch(() => undefined));
    }
  });

  it(`${TICKS} tick calls in one turn: the feed records the ticks it wrote through the MCP server, tasks.md keeps one last-tick line`, async () => {
    await withTurn('codex', 'ticks', assertTicked);
  });
});
