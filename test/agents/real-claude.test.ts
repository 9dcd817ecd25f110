import * as assert from 'assert';
import { readFileSync } from 'fs';
import * as path from 'path';
import { DEFAULT_PRICES, sumUsage } from '../../src/core/transcripts/cost';
import { parseTranscript } from '../../src/core/transcripts/read-transcript';
import { TurnUsage, WAIT_FOR_MCP } from '../harness/model-servers/anthropic-messages';
import { RunState } from '../../src/core/agents/run-state';
import { QUESTION, RealTurn, TASK, TICKS, activity, assertClaimedAndCompleted, assertNothingClaimed, assertTicked, hookReports, listPrice, printVersions, realSlowTurn, realTurn, removeTurn, turnEnded, runStates, tasks, whileHeld, withTurn } from './real-turn';
import { AGENT, assertClisInstalled } from './scratch-team';
import { waitFor } from '../harness/wait-for';

/**
 * The real Claude Code, headless (`claude -p … --output-format json`), against the
 * scripted Anthropic Messages server, in a project wired by our generators (see
 * real-turn.ts): a whole turn through the Cortex MCP server, the state hooks, the
 * session log our transcript reader reads, and an overloaded model.
 */

interface ClaudeResult {
  readonly is_error: boolean;
  readonly session_id: string;
  readonly result: string;
  readonly total_cost_usd: number;
  readonly permission_denials: unknown[];
  readonly api_error_status: number | null;
}

/** The reports before a last SessionEnd one, which Claude Code does not wait for. */
const withoutEnd = (reports: RunState[]) => (reports.at(-1)?.event === 'SessionEnd' ? reports.slice(0, -1) : reports);

describe('real Claude Code, headless, a whole turn against a scripted model', function () {
  this.timeout(120000);
  let turn: RealTurn;
  let out: ClaudeResult;

  before(async () => {
    assertClisInstalled();
    await printVersions();
    turn = await realTurn('claude', 'claim-and-complete');
    assert.strictEqual(turn.run.code, 0, turn.run.stderr);
    out = JSON.parse(turn.run.stdout) as ClaudeResult;
  });
  after(() => removeTurn(turn));

  it('claims and completes the dispatched task through the Cortex MCP server, with no permission denied', () => {
    assert.deepStrictEqual(turn.server.unoffered, [], 'every scripted tool call was offered to the model');
    assert.strictEqual(out.is_error, false, turn.run.stdout);
    assert.deepStrictEqual(out.permission_denials, [], 'the allow rule in .claude/settings.local.json lets the Cortex tools run');
    assert.strictEqual(out.result, 'Claimed and completed Credit notes.');
    assert.match(tasks(turn.place.team), /^## Credit notes\n\*\*Status:\*\* done\n[\s\S]*### Summary\nCredit notes done \(scripted\)\.\n/m);
    // The tool results went back to the model: the MCP server answered both calls.
    const results = JSON.stringify(turn.server.requests.at(-1));
    assert.match(results, /tool_result/);
    assert.doesNotMatch(results, /"is_error":true/);
  });

  it('the activity feed records the dispatch, the claim and the completion, the last two through the MCP server', () => {
    const events = activity(turn.place.team).map((e) => [e.event_type, e.actor, e.payload.via, e.subject]);
    assert.deepStrictEqual(events, [
      ['task.dispatched', 'cortex-team', 'cli', TASK],
      ['task.claimed', AGENT, 'mcp', TASK],
      ['task.completed', AGENT, 'mcp', TASK],
    ]);
  });

  it('the state hooks report working → turn finished (→ ended), with the session id Claude Code printed', async () => {
    // Claude Code waits for its Stop hooks; its SessionEnd hook may still run, or be ended, as it exits.
    await turnEnded(turn);
    assert.deepStrictEqual(
      withoutEnd(hookReports(turn)).map((r) => [r.state, r.event, r.session, r.source]),
      [
        ['working', 'UserPromptSubmit', out.session_id, 'claude-code'],
        ['turn-finished', 'Stop', out.session_id, 'claude-code'],
      ],
    );
    assert.deepStrictEqual(runStates(turn.place.team).map((s) => s.session), [out.session_id]);
    assert.notStrictEqual(runStates(turn.place.team)[0].state, 'working');
  });

  it('the transcript reader reads its session log: the tokens the scripted server reported, the cost the price table gives (and Claude Code computed)', () => {
    const file = runStates(turn.place.team)[0].transcript ?? '';
    assert.ok(file.startsWith(path.join(turn.place.home, '.claude', 'projects')), file || 'no transcript');
    const log = parseTranscript('claude-code', readFileSync(file, 'utf8'));
    assert.strictEqual(log.session, out.session_id);
    assert.strictEqual(log.unreadable, 0);
    assert.strictEqual(log.model, turn.model);
    // Three scripted turns, and one more for each WaitForMcpServers call (see the server).
    const served = turn.server.served as TurnUsage[];
    assert.deepStrictEqual(
      log.usage.map((r) => r.usage),
      served.map((u) => ({ input: u.input_tokens, output: u.output_tokens, cacheRead: u.cache_read_input_tokens, cacheWrite: u.cache_creation_input_tokens })),
    );
    const tools = log.actions.filter((a) => a.kind === 'tool').map((a) => a.tool);
    assert.deepStrictEqual(tools.filter((t) => t !== WAIT_FOR_MCP), ['mcp__cortex__claim_task', 'mcp__cortex__complete_task']);
    assert.strictEqual(served.length, 3 + tools.filter((t) => t === WAIT_FOR_MCP).length);
    const sum = sumUsage(log.usage, DEFAULT_PRICES);
    const expected = listPrice(log.usage.map((r) => r.usage), DEFAULT_PRICES['claude-sonnet-4']);
    assert.ok(Math.abs(sum.cost - expected) < 1e-12, `${sum.cost} ≠ ${expected}`);
    assert.ok(Math.abs(sum.cost - out.total_cost_usd) < 1e-9, `our ${sum.cost}, Claude Code's ${out.total_cost_usd}`);
    console.log(`      claude: ${sum.requests} requests, ${sum.usage.input} in, ${sum.usage.cacheRead} cached, ${sum.usage.output} out, $${sum.cost.toFixed(5)}`);
  });

  it('an overloaded model: the run ends with the API error, nothing is claimed, the session is not left working', async () => {
    await withTurn('claude', 'overloaded', async (failed) => {
      assert.strictEqual(failed.run.code, 1, failed.run.stderr);
      const res = JSON.parse(failed.run.stdout) as ClaudeResult;
      assert.strictEqual(res.is_error, true);
      assert.strictEqual(res.api_error_status, 529);
      assertNothingClaimed(failed.place.team);
      await turnEnded(failed);
      // After a failed request Claude Code runs the StopFailure and SessionEnd hooks in either order,
      // without waiting for them: their reports may land after its processes have ended.
      await waitFor(() => hookReports(failed).length > 1 && runStates(failed.place.team)[0]?.state !== 'working', 60_000, 'a report after the failure (StopFailure or SessionEnd)');
      const [first, ...rest] = hookReports(failed).map((r) => [r.state, r.event, r.session]);
      assert.deepStrictEqual(first, ['working', 'UserPromptSubmit', res.session_id]);
      assert.ok(rest.length > 0, 'a report after the failure');
      for (const r of rest) assert.ok(JSON.stringify(r) === JSON.stringify(['turn-finished', 'StopFailure', res.session_id]) || JSON.stringify(r) === JSON.stringify(['ended', 'SessionEnd', res.session_id]), JSON.stringify(r));
      assert.deepStrictEqual(runStates(failed.place.team).map((s) => s.session), [res.session_id]);
      assert.notStrictEqual(runStates(failed.place.team)[0].state, 'working');
    });
  });

  it('a question and no tool call: the turn ends with the question, the hooks report turn finished, the task stays ready, the feed records nothing', async () => {
    await withTurn('claude', 'question', async (asked) => {
      assert.strictEqual(asked.run.code, 0, asked.run.stderr);
      const res = JSON.parse(asked.run.stdout) as ClaudeResult;
      assert.strictEqual(res.is_error, false);
      assert.strictEqual(res.result, QUESTION);
      assertNothingClaimed(asked.place.team);
      await turnEnded(asked);
      assert.deepStrictEqual(
        withoutEnd(hookReports(asked)).map((r) => [r.state, r.event, r.session]),
        [
          ['working', 'UserPromptSubmit', res.session_id],
          ['turn-finished', 'Stop', res.session_id],
        ],
      );
      assert.notStrictEqual(runStates(asked.place.team)[0].state, 'working');
    });
  });

  it('a model that answers slowly: while its first reply is held the hooks say working and nothing is claimed; released, the turn finishes and the task is done', async () => {
    const slow = realSlowTurn('claude');
    try {
      const working = await whileHeld(slow, () => runStates(slow.place.team).find((s) => s.state === 'working'), 'a working report');
      assert.strictEqual(working.event, 'UserPromptSubmit');
      assert.ok(hookReports(slow).every((r) => r.state === 'working'), 'no turn-finished report while held');
      slow.gate.release();
      const done = await slow.done;
      assertClaimedAndCompleted(done);
      const res = JSON.parse(done.run.stdout) as ClaudeResult;
      assert.strictEqual(res.session_id, working.session);
      assert.strictEqual(res.result, 'Claimed and completed Credit notes.');
      await turnEnded(done);
      assert.deepStrictEqual(
        withoutEnd(hookReports(done)).map((r) => [r.state, r.event, r.session]),
        [
          ['working', 'UserPromptSubmit', res.session_id],
          ['turn-finished', 'Stop', res.session_id],
        ],
      );
    } finally {
      slow.gate.release();
      await removeTurn(await slow.done.catch(() => undefined));
    }
  });

  it(`${TICKS} tick calls in one turn: each answered by the MCP server, the feed records the ticks it wrote, tasks.md keeps one last-tick line`, async () => {
    await withTurn('claude', 'ticks', (ticked) => {
      assertTicked(ticked);
      const res = JSON.parse(ticked.run.stdout) as ClaudeResult;
      assert.strictEqual(res.is_error, false, ticked.run.stdout);
      assert.deepStrictEqual(res.permission_denials, []);
      const results = JSON.stringify(ticked.server.requests.at(-1));
      // Every tick's result went back to the model (plus any WaitForMcpServers call's).
      assert.ok((results.match(/"type":"tool_result"/g)?.length ?? 0) >= TICKS, results);
      assert.doesNotMatch(results, /"is_error":true/);
      assert.match(tasks(ticked.place.team), /\*\*Status:\*\* ready/);
    });
  });
});
