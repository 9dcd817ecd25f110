// The Daily Briefing: byte-exact for a small team on a fixed clock, and an empty team.
import * as assert from 'node:assert/strict';
import { dailyBriefing } from '../../../../src/core/reports/briefing';
import { EXPECTED_AGENTS, EXPECTED_DONE, EXPECTED_QUEUE_AND_PROJECTS, NOW, reportTeam, tinyTeamInput } from './report-fixture';

describe('Reports: Daily Briefing', () => {
  it('writes the briefing byte for byte (no review recorded: the last 24 hours)', async () => {
    assert.equal(dailyBriefing(await tinyTeamInput()), EXPECTED_BRIEFING);
  });

  it('says so when the team is empty', async () => {
    const team = await reportTeam({});
    const text = dailyBriefing({ team, teamName: 'empty', now: NOW, staleAfterMinutes: 30, lastReview: null });
    assert.match(text, /0 agents; 0 tasks in progress, 0 ready\./);
    assert.match(text, /Nothing needs you/);
    assert.match(text, /Nothing was completed in this period\./);
    assert.match(text, /No ready tasks anywhere\./);
    assert.match(text, /No project notes in projects\/\./);
  });
});

const EXPECTED_BRIEFING = [
  "# Daily Briefing: tiny \\| team",
  "",
  "Saturday 2026-03-28, 09:00. 4 agents: 1 alive, 1 idle, 1 down, 1 inactive; 2 tasks in progress, 3 ready.",
  "",
  "## Needs your attention",
  "",
  "- **Web Dev** (web-dev) is **down**: it has not ticked for 2 h 00 min and has work waiting (1 in progress). Check its session.",
  "- **Web Dev** (web-dev) reports a blocker in its Session Log (2026-03-27): Blocked on the API keys",
  "- **Web Dev** (web-dev) marked **Waiting room** as waiting.",
  "- The team files have 1 problem (errors or warnings): see the Problems panel, or run `cortex-team lint`.",
  "",
  "## Agents",
  "",
  ...EXPECTED_AGENTS,
  "",
  "## Done since 2026-03-27 09:00 (the last 24 hours: no review recorded yet)",
  "",
  ...EXPECTED_DONE,
  "",
  "## Ready queue",
  "",
  ...EXPECTED_QUEUE_AND_PROJECTS,
].join('\n') + '\n';
