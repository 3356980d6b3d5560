import * as assert from 'assert';
import { KeyedDebouncer, Timers, debounce } from '../debounce';

/** A clock moved by hand. */
class FakeTimers implements Timers {
  now = 0;
  private next = 1;
  private readonly pending = new Map<number, { at: number; fn: () => void }>();
  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.next++;
    this.pending.set(id, { at: this.now + ms, fn });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  advance(ms: number): void {
    this.now += ms;
    for (const [id, timer] of [...this.pending].sort((a, b) => a[1].at - b[1].at)) {
      if (timer.at <= this.now && this.pending.delete(id)) {
        timer.fn();
      }
    }
  }
}

describe('debounce', () => {
  it('calls once after a burst, with the last arguments', () => {
    const clock = new FakeTimers();
    const calls: number[] = [];
    const f = debounce((n: number) => calls.push(n), 100, clock);
    f(1);
    clock.advance(50);
    f(2);
    clock.advance(50);
    f(3);
    assert.deepStrictEqual(calls, []);
    assert.ok(f.pending);
    clock.advance(100);
    assert.deepStrictEqual(calls, [3]);
    assert.ok(!f.pending);
  });

  it('cancels and flushes', () => {
    const clock = new FakeTimers();
    const calls: string[] = [];
    const f = debounce((s: string) => calls.push(s), 100, clock);
    f('a');
    f.cancel();
    clock.advance(200);
    f('b');
    f.flush();
    f.flush();
    assert.deepStrictEqual(calls, ['b']);
  });

  it('keeps one timer per key', () => {
    const clock = new FakeTimers();
    const calls: string[] = [];
    const keyed = new KeyedDebouncer(100, clock);
    keyed.trigger('a', () => calls.push('a1'));
    keyed.trigger('b', () => calls.push('b1'));
    clock.advance(60);
    keyed.trigger('a', () => calls.push('a2'));
    clock.advance(60);
    assert.deepStrictEqual(calls, ['b1']);
    clock.advance(60);
    assert.deepStrictEqual(calls, ['b1', 'a2']);
    keyed.trigger('a', () => calls.push('a3'));
    keyed.cancel('a');
    keyed.trigger('b', () => calls.push('b2'));
    keyed.dispose();
    clock.advance(500);
    assert.deepStrictEqual(calls, ['b1', 'a2']);
  });
});
