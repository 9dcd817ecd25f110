import { Clock } from '../../../../src/core/edit/clock';
import { TeamFs } from '../../../../src/core/fs/team-fs';

/** Helpers for the writer's tests: a file system that lets a test act around chosen calls, and a clock that only moves when waited on. */

export type Hook = (args: unknown[], call: () => Promise<unknown>) => Promise<unknown>;

/** Wraps a TeamFs, running `hooks[method]` instead of the method (it calls `call()` for the real one). */
export function hooked(fs: TeamFs, hooks: Partial<Record<keyof TeamFs, Hook>>): TeamFs {
  return new Proxy(fs, {
    get(target, prop, receiver) {
      const v = Reflect.get(target, prop, receiver);
      if (typeof v !== 'function') return v;
      const hook = hooks[prop as keyof TeamFs];
      if (!hook) return v.bind(target);
      return (...args: unknown[]) => hook(args, () => v.apply(target, args));
    },
  }) as TeamFs;
}

/** A clock whose time moves only when something sleeps: settle windows pass at once, in order. */
export class VirtualClock implements Clock {
  constructor(public time = 1_000_000) {}
  now(): number {
    return this.time;
  }
  async sleep(ms: number): Promise<void> {
    this.time += Math.max(ms, 0.001);
    await Promise.resolve();
  }
}
