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

/**
 * A clock that moves only when the test says (`advance`): a sleeper wakes once the
 * time has passed its end. What runs without sleeping (a write's answer) happens at
 * one instant; a settle window goes on only as the test advances it.
 */
export class StepClock implements Clock {
  private sleepers: Array<{ until: number; wake: () => void }> = [];
  constructor(public time = 1_000_000) {}
  now(): number {
    return this.time;
  }
  sleep(ms: number): Promise<void> {
    return new Promise((wake) => this.sleepers.push({ until: this.time + Math.max(ms, 0.001), wake }));
  }
  /** When the earliest sleeper wakes; undefined when nothing sleeps. */
  nextWake(): number | undefined {
    return this.sleepers.length === 0 ? undefined : Math.min(...this.sleepers.map((s) => s.until));
  }
  /** Moves the time on by `ms` and wakes every sleeper whose time has come. */
  advance(ms: number): void {
    this.time += ms;
    const due = this.sleepers.filter((s) => s.until <= this.time);
    this.sleepers = this.sleepers.filter((s) => s.until > this.time);
    for (const s of due) s.wake();
  }
}

/**
 * Lets the clock's sleepers run until `done()`: whenever something sleeps, the time
 * jumps to the earliest wake-up; while it works (real I/O), the time stands still.
 */
export async function advanceUntil(clock: StepClock, done: () => boolean): Promise<void> {
  for (let i = 0; !done(); i++) {
    if (i > 1_000_000) throw new Error('advanceUntil: never done');
    const next = clock.nextWake();
    if (next !== undefined) clock.advance(next - clock.now());
    await new Promise((resolve) => setImmediate(resolve));
  }
}
