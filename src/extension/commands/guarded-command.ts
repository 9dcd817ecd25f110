import { Services } from '../services';

/** Runs a command's work; an unexpected failure is logged with its stack and shown, never left as an unhandled rejection. */
export async function guardedCommand<T>(c: Pick<Services, 'log' | 'prompts'>, name: string, run: () => Promise<T | undefined>): Promise<T | undefined> {
  try {
    return await run();
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    c.log.error(`${name} failed: ${e instanceof Error && e.stack ? e.stack : message}`);
    await c.prompts.error(`Cortex: ${name} failed: ${message}`);
    return undefined;
  }
}
