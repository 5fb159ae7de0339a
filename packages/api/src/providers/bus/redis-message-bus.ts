import type { Redis } from 'ioredis';
import { LocalMessageBus, type BusMessage } from './message-bus.ts';

export const REDIS_BUS_CHANNEL = 'summit:bus';

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * Redis pub/sub: a subscriber connection (a subscribed Redis connection can do nothing else) and the shared
 * command connection for publishing. ioredis reconnects and re-subscribes by itself; after a reconnect the
 * bus announces `resync` because messages published meanwhile are gone.
 */
export class RedisMessageBus extends LocalMessageBus {
  override readonly kind = 'redis' as const;
  private everReady = false;

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly log?: Log,
  ) {
    super();
    subscriber.on('message', (channel: string, text: string) => {
      if (channel === REDIS_BUS_CHANNEL) this.receive(text);
    });
    subscriber.on('ready', () => {
      if (this.everReady) this.deliver({ channel: 'resync' });
      this.everReady = true;
    });
    subscriber.on('error', (err: Error) => this.log?.warn({ err: err.message }, 'message bus (redis) error'));
  }

  async connect(): Promise<this> {
    await this.subscriber.subscribe(REDIS_BUS_CHANNEL);
    this.everReady = true;
    return this;
  }

  override publish(message: BusMessage): void {
    this.deliver(message);
    this.publisher.publish(REDIS_BUS_CHANNEL, this.wire(message)).catch((err: unknown) => {
      this.log?.warn({ err: err instanceof Error ? err.message : String(err), channel: message.channel }, 'message bus could not publish');
    });
  }

  override async close(): Promise<void> {
    await this.subscriber.quit().catch(() => {});
    await super.close();
  }
}
