import { ThreadRecord } from './records';

/**
 * A thread the dashboard starts is run by a team agent: its first step is a task in that
 * agent's queue (`metadata.scheduleTaskId`). Its record says `running`, the state seed
 * 002's engine gives a thread whose next step is due (`waiting` there means waiting for
 * the user's input, which this is not). Until the agent picks the task up the thread
 * awaits pickup: running, no step recorded yet, and its task still ready. Once the task
 * is in progress (or anything else), it is an ordinary running thread.
 */
export function awaitsPickup(record: Pick<ThreadRecord, 'status' | 'steps' | 'scheduleTaskId'>, taskStatus: string | null | undefined): boolean {
  return record.status === 'running' && record.steps.length === 0 && record.scheduleTaskId !== null && taskStatus === 'ready';
}

/**
 * An agent added to a completed or waiting thread (Add Agent, seed 002's `!thread add`)
 * runs next: the record says `running`, as for a started thread, with the added agent
 * active, and waits for it until a step is recorded after the add (`metadata.addedAgent`
 * keeps how many steps there were). Not `waiting`: that is the user's input in 002.
 */
export function awaitsAddedAgent(record: Pick<ThreadRecord, 'status' | 'steps' | 'activeAgent' | 'addedAgent'>): boolean {
  const added = record.addedAgent;
  return record.status === 'running' && !!added && record.activeAgent === added.agent && record.steps.length <= added.afterSteps;
}
