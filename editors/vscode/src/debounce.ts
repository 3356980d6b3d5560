// A trailing-edge debounce with an injectable clock, so that tests need no real time.

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  /** Drop the pending call. */
  cancel(): void;
  /** Run the pending call now (nothing when none is pending). */
  flush(): void;
  readonly pending: boolean;
}

/** `fn` called `ms` after the last of a burst of calls, with that last call's arguments. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number, timers: Timers = realTimers): Debounced<A> {
  let handle: unknown;
  let lastArgs: A | undefined;
  const run = () => {
    const args = lastArgs as A;
    handle = undefined;
    lastArgs = undefined;
    fn(...args);
  };
  const debounced = ((...args: A) => {
    if (handle !== undefined) {
      timers.clearTimeout(handle);
    }
    lastArgs = args;
    handle = timers.setTimeout(run, ms);
  }) as Debounced<A>;
  debounced.cancel = () => {
    if (handle !== undefined) {
      timers.clearTimeout(handle);
    }
    handle = undefined;
    lastArgs = undefined;
  };
  debounced.flush = () => {
    if (handle !== undefined) {
      timers.clearTimeout(handle);
      run();
    }
  };
  Object.defineProperty(debounced, 'pending', { get: () => handle !== undefined });
  return debounced;
}

/** Debounces per key (one timer per source document). */
export class KeyedDebouncer {
  private readonly timers = new Map<string, Debounced<[]>>();

  constructor(
    private readonly ms: number,
    private readonly clock: Timers = realTimers,
  ) {}

  trigger(key: string, fn: () => void): void {
    let entry = this.timers.get(key);
    if (entry === undefined) {
      entry = debounce(() => {
        this.timers.delete(key);
        this.pendingFns.get(key)?.();
        this.pendingFns.delete(key);
      }, this.ms, this.clock);
      this.timers.set(key, entry);
    }
    this.pendingFns.set(key, fn);
    entry();
  }

  cancel(key: string): void {
    this.timers.get(key)?.cancel();
    this.timers.delete(key);
    this.pendingFns.delete(key);
  }

  dispose(): void {
    for (const key of [...this.timers.keys()]) {
      this.cancel(key);
    }
  }

  private readonly pendingFns = new Map<string, () => void>();
}
