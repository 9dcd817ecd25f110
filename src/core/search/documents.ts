import { parseStamp } from '../../base/time';
import { Mailbox } from '../mailbox/parse';
import { Team } from '../team/model';
import { worklogEvents } from '../worklog/events';
import { Worklog } from '../worklog/parse';
import { statusPhrase } from '../../base/task-status';

/**
 * What "Search Team" searches: every task of every agent (title, description,
 * summary), the worklog's entries, the mailbox's messages and the threads' artifacts,
 * each as a document with weighted fields and the place it opens at. Pure.
 */
export type SearchKind = 'task' | 'worklog' | 'message' | 'artifact';

/** Where a result opens: a card's detail on the board, a timeline entry, a message, a thread's artifact. */
export type SearchTarget =
  | { readonly kind: 'task'; readonly agent: string; readonly index: number; readonly title: string; readonly status: string | null }
  | { readonly kind: 'worklog'; readonly id: string }
  | { readonly kind: 'message'; readonly id: string }
  | { readonly kind: 'artifact'; readonly thread: string };

/** The parts of a document, by how much a match in each counts. */
export type FieldName = 'title' | 'people' | 'summary' | 'body';

export interface SearchDoc {
  readonly kind: SearchKind;
  /** What a result shows as its label. */
  readonly title: string;
  /** Where it is, shown beside the label ("Billing Dev · done"). */
  readonly where: string;
  readonly fields: ReadonlyArray<{ readonly name: FieldName; readonly text: string }>;
  /** Wall-clock minutes of its latest time (Completed, Started, the entry's or message's time), for ties. */
  readonly time: number | null;
  readonly target: SearchTarget;
}

export function taskDocs(team: Team): SearchDoc[] {
  const docs: SearchDoc[] = [];
  for (const agent of team.agents) {
    agent.tasks.forEach((t, index) => {
      const fields: Array<SearchDoc['fields'][number]> = [
        { name: 'title', text: t.title },
        { name: 'people', text: `${agent.name} ${agent.slug}` },
      ];
      if (t.summary) fields.push({ name: 'summary', text: t.summary });
      if (t.body) fields.push({ name: 'body', text: t.body });
      docs.push({
        kind: 'task',
        title: t.title,
        where: `${agent.name} · ${statusPhrase(t.status)}`,
        fields,
        time: parseStamp(t.completed) ?? parseStamp(t.started),
        target: { kind: 'task', agent: agent.slug, index, title: t.title, status: t.status },
      });
    });
  }
  return docs;
}

export function worklogDocs(worklog: Worklog): SearchDoc[] {
  return worklogEvents(worklog, null).map((e) => ({
    kind: 'worklog',
    title: e.subject,
    where: `Worklog · ${e.actor} · ${e.timestamp}`,
    fields: [
      { name: 'title', text: e.subject },
      { name: 'people', text: e.actor },
      { name: 'body', text: e.payload.body },
    ],
    time: parseStamp(e.timestamp),
    target: { kind: 'worklog', id: e.event_id },
  }));
}

export function mailboxDocs(mailbox: Mailbox): SearchDoc[] {
  return mailbox.messages.map((m) => ({
    kind: 'message',
    title: `${m.id} ${m.subject}`,
    where: `Mailbox · ${m.from} → ${m.to} · ${m.status || 'no status'}`,
    fields: [
      { name: 'title', text: `${m.id} ${m.subject}` },
      { name: 'people', text: `${m.from} ${m.to}` },
      { name: 'body', text: m.body },
    ],
    time: parseStamp(m.sent),
    target: { kind: 'message', id: m.id },
  }));
}

export interface ArtifactText {
  readonly thread: string;
  readonly template: string | null;
  readonly status: string;
  readonly text: string;
}

export function artifactDocs(artifacts: readonly ArtifactText[]): SearchDoc[] {
  return artifacts.map((a) => ({
    kind: 'artifact',
    title: `${a.thread} artifact`,
    where: `Thread · ${a.template ?? 'auto thread'} · ${a.status}`,
    fields: [
      { name: 'title', text: a.thread },
      { name: 'body', text: a.text },
    ],
    time: null,
    target: { kind: 'artifact', thread: a.thread },
  }));
}
