/**
 * Cross-process messages (decision 038): a process that changes the source of another process's cache says so,
 * and every process drops its copy at once instead of serving it until its TTL. Messages are hints, never
 * data: a lost one costs at most the cache's TTL, and a bus that reconnects announces `resync` so its
 * subscribers drop everything they cached while it was deaf.
 */
import { randomBytes } from 'node:crypto';

export type BusMessage =
  /** A content page was published (slug) or something every page may quote changed (no slug). */
  | { channel: 'content-changed'; slug?: string }
  /** Fees, deadlines, programme facts or site details were edited. */
  | { channel: 'settings-changed' }
  | { channel: 'token-revoked'; tokenId: number }
  | { channel: 'account-revoked'; accountId: number }
  /** A live quiz round changed (decision 105): every process re-reads it and pushes it to its own streams. */
  | { channel: 'live-round'; roundId: number; what: 'question' | 'answers' | 'ended' }
  /** Local only: the bus was disconnected and may have missed messages. */
  | { channel: 'resync' };

export type BusHandler = (message: BusMessage) => void;

export interface MessageBus {
  readonly kind: 'local' | 'postgres' | 'redis';
  /** Delivers to this process's subscribers at once (synchronously), then to the other processes. */
  publish(message: BusMessage): void;
  subscribe(handler: BusHandler): () => void;
  close(): Promise<void>;
}

/** One wire format for both transports; `origin` lets a process skip its own echo. */
export interface WireMessage {
  origin: string;
  message: BusMessage;
}

const CHANNELS = new Set<BusMessage['channel']>(['content-changed', 'settings-changed', 'token-revoked', 'account-revoked', 'live-round']);

/** A payload from the wire, or null when it is not one of ours (another app on the channel, a bad version). */
export function parseWireMessage(text: string): WireMessage | null {
  try {
    const value = JSON.parse(text) as Partial<WireMessage> | null;
    if (!value || typeof value.origin !== 'string' || !value.message || !CHANNELS.has(value.message.channel)) return null;
    return value as WireMessage;
  } catch {
    return null;
  }
}

/**
 * The subscribers of one process; transports extend it. Publishing delivers locally first, so the process that
 * made a change never serves its own stale copy, whatever the network does.
 */
export class LocalMessageBus implements MessageBus {
  readonly kind: MessageBus['kind'] = 'local';
  readonly origin = randomBytes(8).toString('hex');
  private readonly handlers = new Set<BusHandler>();

  publish(message: BusMessage): void {
    this.deliver(message);
  }

  subscribe(handler: BusHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }

  /** Runs every handler; one that throws does not keep the message from the others. */
  protected deliver(message: BusMessage): void {
    for (const handler of this.handlers) {
      try {
        handler(message);
      } catch {
        // A cache that cannot be dropped will expire by its TTL; nothing else to do here.
      }
    }
  }

  /** A message from the wire: delivered unless this process sent it (it was delivered at publish). */
  protected receive(text: string): void {
    const wire = parseWireMessage(text);
    if (wire && wire.origin !== this.origin) this.deliver(wire.message);
  }

  protected wire(message: BusMessage): string {
    return JSON.stringify({ origin: this.origin, message } satisfies WireMessage);
  }
}
