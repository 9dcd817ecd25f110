import { deepStrictEqual } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { NodeTeamFs } from '../../../src/core/fs/node-fs';
import { loadTeam } from '../../../src/core/team/team-index';
import { FIXTURE_TEAMS, memoryCopy } from './team-index-helpers';

/**
 * Every tolerance case of the reader as a team folder on disk
 * (test/fixtures/teams/<case>/team) with the expected parse result beside it
 * (<case>/expected.json: the Team, diagnostics included).
 *
 * `CORTEX_UPDATE_FIXTURES=1` rewrites the expected files from the current reader;
 * review the diff before committing it.
 */
const update = process.env.CORTEX_UPDATE_FIXTURES === '1';

describe('read: fixture teams', () => {
  const cases = fs.readdirSync(FIXTURE_TEAMS).filter((c) => fs.existsSync(path.join(FIXTURE_TEAMS, c, 'team'))).sort();

  it('has the tolerance cases', () => {
    for (const c of ['line-endings', 'bom', 'no-final-newline', 'fenced-code', 'preamble', 'subheadings', 'extra-fields', 'status-variants', 'unknown-status', 'bad-timestamps', 'invalid-yaml', 'note-names', 'ticks']) {
      deepStrictEqual(cases.includes(c), true, `missing fixture case ${c}`);
    }
  });

  for (const c of cases) {
    it(c, async () => {
      const dir = path.join(FIXTURE_TEAMS, c);
      const team = await loadTeam(new NodeTeamFs(path.join(dir, 'team')));
      const expectedFile = path.join(dir, 'expected.json');
      const actual = JSON.parse(JSON.stringify(team));
      if (update) fs.writeFileSync(expectedFile, JSON.stringify(actual, null, 2) + '\n');
      deepStrictEqual(actual, JSON.parse(fs.readFileSync(expectedFile, 'utf8')));
      // The same bytes through the in-memory adapter read the same.
      deepStrictEqual(await loadTeam(memoryCopy(path.join(dir, 'team'))), team);
    });
  }
});
