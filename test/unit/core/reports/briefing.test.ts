// The Daily Briefing: byte-exact for a small team on a fixed clock, and an empty team.
import * as assert from 'node:assert/strict';
import { dailyBriefing } from '../../../../src/core/reports/briefing';
import { NOW, reportTeam, tinyTeamInput } from './report-fixture';

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
  "| Agent | Liveness | Last tick | In progress (for) | Ready | Next up |",
  "| --- | --- | --- | --- | --- | --- |",
  "| API \\| Dev (api-dev) | alive | 5 min ago | Fix \\`retry\\` \\| backoff (2 h 00 min) | 2 | Add \\*rate\\* limits |",
  "| QA (qa) | inactive | never | - | 1 | Test it |",
  "| Web Dev (web-dev) | **down** | 2 h 00 min ago | Login page (30 h 00 min) | 0 | - |",
  "| Writer (writer) | idle | never | - | 0 | - |",
  "",
  "An agent whose last tick is older than 30 min is stale: down when it still has work, idle when it has none, waiting for pickup while its work was dispatched less than a heartbeat ago.",
  "",
  "### Latest Session Logs",
  "",
  "- **API \\| Dev** (api-dev), 2026-03-27: active — shipping v1",
  "- **QA** (qa), 2026-03-20: paused, waiting for the beta",
  "- **Web Dev** (web-dev), 2026-03-27: Blocked on the API keys",
  "- **Writer** (writer), 2026-03-25: idle",
  "",
  "## Done since 2026-03-27 09:00 (the last 24 hours: no review recorded yet)",
  "",
  "### API \\| Dev",
  "",
  "- **Ship v1**: completed 2026-03-28 06:00, took 2 h 00 min",
  "",
  "  > Released. Uses `a<b` checks; &lt;script>alert(1)&lt;/script> was in the log.",
  "",
  "## Ready queue",
  "",
  "- **API \\| Dev** (api-dev), 2 ready:",
  "  1. Add \\*rate\\* limits (next up)",
  "  2. Write \\<docs\\>",
  "",
  "Nothing queued for: Writer.",
  "",
  "## Projects",
  "",
  "| Project | Status | Next Action | Agents |",
  "| --- | --- | --- | --- |",
  "| api | active | Ship \\`v2\\` \\| then docs | api-dev, web-dev |",
  "| web | paused | - | qa, web-dev |",
].join('\n') + '\n';
