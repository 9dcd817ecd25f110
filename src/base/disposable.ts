/** Anything that can be disposed: VS Code's `Disposable`, an event subscription, a timer. */
export interface Disposable {
  dispose(): unknown;
}

/**
 * Base for every long-lived piece of the extension: whatever it creates (listeners,
 * watchers, timers, emitters) goes through `register()`, and `dispose()` releases all of
 * it, newest first. Registering after disposal disposes the newcomer at once.
 */
export abstract class DisposableBase implements Disposable {
  private readonly owned: Disposable[] = [];
  private disposedFlag = false;

  protected get isDisposed(): boolean {
    return this.disposedFlag;
  }

  protected register<T extends Disposable>(item: T): T {
    if (this.disposedFlag) item.dispose();
    else this.owned.push(item);
    return item;
  }

  dispose(): void {
    if (this.disposedFlag) return;
    this.disposedFlag = true;
    disposeAll(this.owned.splice(0).reverse());
  }
}

/** Disposes each item even when an earlier one throws; rethrows the first error. */
export function disposeAll(items: Iterable<Disposable>): void {
  let first: unknown;
  for (const item of items) {
    try {
      item.dispose();
    } catch (e) {
      first ??= e;
    }
  }
  if (first !== undefined) throw first;
}

export function toDisposable(fn: () => void): Disposable {
  let done = false;
  return {
    dispose() {
      if (done) return;
      done = true;
      fn();
    },
  };
}

/** A bag of disposables owned by someone else (a composition root, a registration). */
export class DisposableStore implements Disposable {
  private readonly items: Disposable[] = [];
  private disposed = false;

  /** Keeps `item` until `dispose()`; after that, disposes it at once. */
  add<T extends Disposable>(item: T): T {
    if (this.disposed) item.dispose();
    else this.items.push(item);
    return item;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    disposeAll(this.items.splice(0).reverse());
  }
}
