/** The team the search tests look through: two agents' tasks about webhooks and invoices. */
import { Agent, Task, Team } from '../../../../src/core/team/model';

function task(title: string, extra: Partial<Task> = {}): Task {
  return { title, status: 'ready', started: null, completed: null, summary: null, body: '', fields: {}, line: 1, id: null, ...extra };
}

function agent(slug: string, name: string, tasks: Task[]): Agent {
  return { slug, name, status: 'active', project: null, joined: null, role: null, capabilities: [], projects: [], sessionLog: [], parent: null, level: null, notePath: null, tasksPath: `agents/${slug}/tasks.md`, tasks, lastTick: null, lastTickLine: null };
}

export const team: Team = {
  agents: [
    agent('billing-dev', 'Billing Dev', [
      task('Add Stripe webhook endpoint', { status: 'done', completed: '2026-11-24T10:00', summary: 'Signature check with the webhook secret.', body: 'Create POST /webhooks/stripe.' }),
      task('Retry failed invoice emails', { body: 'Use the webhook queue for retries.' }),
      task('Invoice numbering', { body: 'Numbers at finalisation.' }),
    ]),
    agent('docs-writer', 'Docs Writer', [task('Document the webhooks', { status: 'in-progress', started: '2026-11-24T09:00' })]),
  ],
  projects: [],
  templates: { agent: null, project: null },
  diagnostics: [],
};
