/**
 * Server-Sent Events fan-out of live quotes: each client names its symbols; every
 * feed batch is serialized once per distinct symbol set and written to each client of that
 * set in one write. Event ids are `<bootId>-<seq>`; a client reconnecting with
 * `Last-Event-ID` gets the quotes that changed since (from a short ring buffer), or a fresh
 * snapshot when the id is from another boot or too old. A heartbeat keeps proxies from
 * closing idle streams; slow clients whose buffers grow too large are dropped (they reconnect).
 */
import type { QuoteBatch, QuoteState } from './feed.js';

/** Turns a quote into the JSON of an SSE `quote` event (the API's quote view). */
export type QuoteSerializer = (quote: QuoteState) => string;

/** A connected client: where to write, and how to end it. */
export interface HubClient {
  write(chunk: string | Buffer): boolean;
  /** Bytes queued but not yet sent (backpressure). */
  buffered(): number;
  end(): void;
}

/** Hub tuning. */
export interface HubOptions {
  /** Batches kept for `Last-Event-ID` resumption. */
  bufferBatches?: number;
  /** Heartbeat period (ms). */
  heartbeatMs?: number;
  /** A client with more than this many bytes queued is dropped. */
  maxBufferedBytes?: number;
  /** Reconnect delay sent to browsers (`retry:`), ms. */
  retryMs?: number;
}

interface Group {
  symbols: Set<string>;
  clients: Set<HubClient>;
}

interface Buffered {
  seq: number;
  /** symbol → serialized quote JSON */
  quotes: Map<string, string>;
}

export class QuoteHub {
  private readonly groups = new Map<string, Group>();
  private readonly ring: Buffered[] = [];
  private heartbeat: NodeJS.Timeout | null = null;
  private readonly options: Required<HubOptions>;
  private clientCount = 0;
  /** Quote events written since start (one per quote per client). */
  delivered = 0;

  constructor(
    private bootId: string,
    private readonly serialize: QuoteSerializer,
    private readonly snapshot: (symbols: readonly string[]) => QuoteState[],
    private readonly heartbeatData: () => string,
    options: HubOptions = {},
  ) {
    this.options = { bufferBatches: 300, heartbeatMs: 15_000, maxBufferedBytes: 1_048_576, retryMs: 2_000, ...options };
  }

  /**
   * Batches now come from another feed boot (a new leader): older event ids are
   * not resumable against it, so the ring starts over.
   */
  rebase(bootId: string): void {
    if (bootId === this.bootId) return;
    this.bootId = bootId;
    this.ring.length = 0;
  }

  /** Number of connected clients. */
  get size(): number {
    return this.clientCount;
  }

  /** The `id:` of a batch. */
  eventId(seq: number): string {
    return `${this.bootId}-${seq}`;
  }

  /**
   * Connects a client: writes the retry hint and the quotes it missed (or a snapshot), then
   * every batch touching its symbols.
   * @param lastEventId the `Last-Event-ID` the client sent, if any.
   * @param currentSeq the newest batch sequence (the snapshot's id).
   * @returns the function that disconnects it.
   */
  connect(client: HubClient, symbols: readonly string[], lastEventId: string | null, currentSeq: number): () => void {
    const key = [...new Set(symbols)].sort().join(',');
    let group = this.groups.get(key);
    if (!group) {
      group = { symbols: new Set(symbols), clients: new Set() };
      this.groups.set(key, group);
    }
    group.clients.add(client);
    this.clientCount++;
    this.ensureHeartbeat();

    const resumed = this.missedSince(lastEventId, group.symbols);
    const quotes = resumed ?? new Map(this.snapshot([...group.symbols]).map((q) => [q.symbol, this.serialize(q)]));
    let chunk = `retry: ${this.options.retryMs}\n\n`;
    // An SSE comment (ignored by browsers) saying whether the stream resumed (the scale-out tests read it).
    if (resumed) chunk += `: resumed ${lastEventId}\n\n`;
    const id = this.eventId(currentSeq);
    for (const json of quotes.values()) chunk += `id: ${id}\nevent: quote\ndata: ${json}\n\n`;
    if (!quotes.size) chunk += `id: ${id}\nevent: heartbeat\ndata: ${this.heartbeatData()}\n\n`;
    this.delivered += quotes.size;
    client.write(chunk);

    let connected = true;
    const g = group;
    return () => {
      if (!connected) return;
      connected = false;
      g.clients.delete(client);
      this.clientCount--;
      if (!g.clients.size) this.groups.delete(key);
      if (!this.clientCount) this.stopHeartbeat();
    };
  }

  /** Quotes changed after `lastEventId` for these symbols, or null when not resumable. */
  private missedSince(lastEventId: string | null, symbols: Set<string>): Map<string, string> | null {
    const match = lastEventId ? /^(.+)-(\d+)$/.exec(lastEventId) : null;
    if (!match || match[1] !== this.bootId) return null;
    const seq = Number(match[2]);
    const oldest = this.ring[0]?.seq ?? Number.POSITIVE_INFINITY;
    const newest = this.ring.at(-1)?.seq ?? seq;
    if (seq < oldest - 1 || seq > newest) return null;
    const missed = new Map<string, string>();
    for (const batch of this.ring) {
      if (batch.seq <= seq) continue;
      for (const [symbol, json] of batch.quotes) if (symbols.has(symbol)) missed.set(symbol, json);
    }
    return missed;
  }

  /** Sends a feed batch to every client whose symbols it touches. */
  publish(batch: QuoteBatch): void {
    const serialized = new Map<string, string>();
    for (const quote of batch.quotes) serialized.set(quote.symbol, this.serialize(quote));
    this.ring.push({ seq: batch.seq, quotes: serialized });
    if (this.ring.length > this.options.bufferBatches) this.ring.shift();
    if (!this.clientCount) return;
    const id = `id: ${this.eventId(batch.seq)}\nevent: quote\ndata: `;
    for (const group of this.groups.values()) {
      let chunk = '';
      let count = 0;
      for (const [symbol, json] of serialized) {
        if (!group.symbols.has(symbol)) continue;
        chunk += `${id}${json}\n\n`;
        count++;
      }
      if (!count) continue;
      // Encode once: the same bytes go to every client of the group.
      const bytes = Buffer.from(chunk, 'utf8');
      for (const client of group.clients) this.send(client, bytes, count);
    }
  }

  private send(client: HubClient, chunk: Buffer, count: number): void {
    if (client.buffered() > this.options.maxBufferedBytes) {
      client.end(); // too slow: it reconnects and resumes from its Last-Event-ID
      return;
    }
    client.write(chunk);
    this.delivered += count;
  }

  private ensureHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => this.beat(), this.options.heartbeatMs);
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  /** Writes a heartbeat event to every client. */
  beat(): void {
    const chunk = Buffer.from(`event: heartbeat\ndata: ${this.heartbeatData()}\n\n`, 'utf8');
    for (const group of this.groups.values()) for (const client of group.clients) client.write(chunk);
  }

  /** Ends every stream (server shutdown). */
  closeAll(): void {
    this.stopHeartbeat();
    for (const group of this.groups.values()) for (const client of group.clients) client.end();
    this.groups.clear();
    this.clientCount = 0;
  }
}
