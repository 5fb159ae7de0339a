import pg from 'pg';
import { LocalMessageBus, type BusMessage } from './message-bus.ts';

/** One channel for every message kind: one LISTEN per process. */
export const PG_BUS_CHANNEL = 'summit_bus';

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * PostgreSQL LISTEN/NOTIFY on a dedicated client (a pooled connection would be handed to queries and lose its
 * LISTEN). Publishes go through the same client when it is up and through a short-lived one otherwise. On
 * connection loss it reconnects with backoff and announces `resync` locally.
 */
export class PostgresMessageBus extends LocalMessageBus {
  override readonly kind = 'postgres' as const;
  private client: pg.Client | null = null;
  private closed = false;
  private retryMs = 250;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private everConnected = false;

  constructor(
    private readonly url: string,
    private readonly log?: Log,
  ) {
    super();
  }

  /** Resolves once listening (or rejects when the first connection fails: a start-up error). */
  async connect(): Promise<this> {
    await this.open();
    return this;
  }

  private async open(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (n) => {
      if (n.channel === PG_BUS_CHANNEL && n.payload) this.receive(n.payload);
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, null));
    await client.connect();
    await client.query(`listen ${PG_BUS_CHANNEL}`);
    this.client = client;
    this.retryMs = 250;
    // Messages sent while this process was not listening are gone: caches drop what they hold.
    if (this.everConnected) this.deliver({ channel: 'resync' });
    this.everConnected = true;
  }

  private lost(client: pg.Client, err: Error | null): void {
    if (this.client !== client && this.client !== null) return;
    this.client = null;
    client.removeAllListeners('end');
    client.removeAllListeners('error');
    client.on('error', () => {});
    void client.end().catch(() => {});
    // Before the first LISTEN succeeded, connect() reports the failure: the start fails, nothing to retry.
    if (this.closed || this.reconnectTimer || !this.everConnected) return;
    this.log?.warn({ err: err?.message ?? 'connection ended' }, 'message bus connection lost; reconnecting');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    // A failed open can be reported twice (its promise and its connection's events): one retry is enough.
    if (this.reconnectTimer) return;
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, 10_000);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.closed) return;
      this.open().catch((err: unknown) => {
        this.log?.warn({ err: err instanceof Error ? err.message : String(err) }, 'message bus reconnect failed');
        if (!this.closed) this.scheduleReconnect();
      });
    }, delay);
    this.reconnectTimer.unref();
  }

  override publish(message: BusMessage): void {
    this.deliver(message);
    void this.notify(this.wire(message)).catch((err: unknown) => {
      // Other processes keep serving their copy until its TTL: a hint lost, not data.
      this.log?.warn({ err: err instanceof Error ? err.message : String(err), channel: message.channel }, 'message bus could not publish');
    });
  }

  private async notify(payload: string): Promise<void> {
    if (this.client) {
      await this.client.query('select pg_notify($1, $2)', [PG_BUS_CHANNEL, payload]);
      return;
    }
    const once = new pg.Client({ connectionString: this.url });
    once.on('error', () => {});
    await once.connect();
    try {
      await once.query('select pg_notify($1, $2)', [PG_BUS_CHANNEL, payload]);
    } finally {
      await once.end().catch(() => {});
    }
  }

  /** Test hook: drops the connection as a network failure would. */
  dropConnectionForTest(): void {
    const client = this.client;
    if (client) (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
  }

  override async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners('end');
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
    await super.close();
  }
}
