/**
 * The live side of a quiz round (decision 105). Each process keeps the streams connected to it by round; a change
 * (a question pushed, answers coming in, the round ended) is announced on the message bus (decision 038) as a hint
 * naming the round, and every process — the one that made the change included — re-reads the round once and writes
 * the same JSON to each of its own streams. A question pushed on node A so reaches students connected to node B.
 * Answers are announced at most every ANSWERS_EVERY_MS per process, and re-read at most that often, so 2,000 answers
 * in ten seconds cost a few dozen reads, not 2,000.
 */
import type { AppContext } from '../../http/context.ts';
import type { BusMessage } from '../../providers/bus/message-bus.ts';

export const ANSWERS_EVERY_MS = 250;

export type StreamSink = (json: string) => void;
export type StateReader = (ctx: AppContext, roundId: number) => Promise<object | null>;

export class LiveHub {
  private readonly sinks = new Map<number, Set<StreamSink>>();
  private readonly latest = new Map<number, string>();
  private readonly refreshing = new Set<number>();
  private readonly again = new Set<number>();
  private readonly refreshTimers = new Map<number, NodeJS.Timeout>();
  private readonly publishTimers = new Map<number, NodeJS.Timeout>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly ctx: AppContext,
    private readonly read: StateReader,
  ) {
    this.unsubscribe = ctx.bus.subscribe((m: BusMessage) => {
      if (m.channel === 'live-round') this.heard(m.roundId, m.what);
      else if (m.channel === 'resync') for (const id of this.sinks.keys()) void this.refresh(id);
    });
  }

  /** Streams connected to this process (all rounds). */
  get connected(): number {
    let n = 0;
    for (const set of this.sinks.values()) n += set.size;
    return n;
  }

  /** Adds a stream; it gets the round's latest state at once (read now when this process has none). */
  async attach(roundId: number, sink: StreamSink): Promise<() => void> {
    let set = this.sinks.get(roundId);
    if (!set) this.sinks.set(roundId, (set = new Set()));
    set.add(sink);
    const known = this.latest.get(roundId);
    if (known) sink(known);
    else await this.refresh(roundId);
    return () => {
      const s = this.sinks.get(roundId);
      if (!s) return;
      s.delete(sink);
      if (s.size === 0) {
        this.sinks.delete(roundId);
        this.latest.delete(roundId);
      }
    };
  }

  /** Tells every process that the round changed; answers are batched. */
  announce(roundId: number, what: 'question' | 'answers' | 'ended'): void {
    if (what !== 'answers') {
      this.ctx.bus.publish({ channel: 'live-round', roundId, what });
      return;
    }
    if (this.publishTimers.has(roundId)) return;
    const timer = setTimeout(() => {
      this.publishTimers.delete(roundId);
      this.ctx.bus.publish({ channel: 'live-round', roundId, what: 'answers' });
    }, ANSWERS_EVERY_MS);
    timer.unref();
    this.publishTimers.set(roundId, timer);
  }

  close(): void {
    this.unsubscribe();
    for (const t of this.refreshTimers.values()) clearTimeout(t);
    for (const t of this.publishTimers.values()) clearTimeout(t);
    this.refreshTimers.clear();
    this.publishTimers.clear();
    this.sinks.clear();
    this.latest.clear();
  }

  private heard(roundId: number, what: 'question' | 'answers' | 'ended'): void {
    if (!this.sinks.has(roundId)) {
      this.latest.delete(roundId);
      return;
    }
    if (what !== 'answers') {
      void this.refresh(roundId);
      return;
    }
    if (this.refreshTimers.has(roundId)) return;
    const timer = setTimeout(() => {
      this.refreshTimers.delete(roundId);
      void this.refresh(roundId);
    }, ANSWERS_EVERY_MS);
    timer.unref();
    this.refreshTimers.set(roundId, timer);
  }

  /** One read at a time per round; a change heard during a read makes one more read after it. */
  private async refresh(roundId: number): Promise<void> {
    if (this.refreshing.has(roundId)) {
      this.again.add(roundId);
      return;
    }
    this.refreshing.add(roundId);
    try {
      do {
        this.again.delete(roundId);
        let state: object | null = null;
        try {
          state = await this.read(this.ctx, roundId);
        } catch {
          state = null; // The next change (or the client's reconnect) reads it again.
        }
        if (!state) continue;
        const json = JSON.stringify(state);
        const set = this.sinks.get(roundId);
        if (!set) continue;
        this.latest.set(roundId, json);
        for (const sink of set) {
          try {
            sink(json);
          } catch {
            // A stream that cannot be written is closing; its close handler detaches it.
          }
        }
      } while (this.again.has(roundId));
    } finally {
      this.refreshing.delete(roundId);
    }
  }
}

const hubs = new WeakMap<AppContext, LiveHub>();

export function hubOf(ctx: AppContext, read: StateReader): LiveHub {
  let hub = hubs.get(ctx);
  if (!hub) hubs.set(ctx, (hub = new LiveHub(ctx, read)));
  return hub;
}

export function closeHub(ctx: AppContext): void {
  hubs.get(ctx)?.close();
  hubs.delete(ctx);
}
