import { Diagnostic } from '../team/model';
import { Worklog } from './parse';
import { decisionRowsOf } from './events';

/**
 * The communications protocol: "All decisions must appear in the WORKLOG decision
 * index". A `decision.recorded` entry whose subject no index row names (the row's Entry
 * column: the subject, with or without its type word, or the whole heading) is
 * reported, at the entry's heading, as a warning: the decision is in the timeline but
 * missing from the index agents read first.
 */
export function unindexedDecisions(worklog: Worklog): Diagnostic[] {
  return worklog.entries
    .filter((e) => e.eventType === 'decision.recorded' && decisionRowsOf(e, worklog).length === 0)
    .map((e) => ({
      file: worklog.file,
      line: e.line,
      severity: 'warning',
      message: `The decision "${e.subject}" has no row in the decision index ("## Decisions": | Date | Decision | Entry |, with "${e.subject.replace(/^[^:]{1,40}:\s*/, '')}" as its Entry); all decisions must appear there.`,
    }));
}
