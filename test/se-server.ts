/**
 * A real HTTP server on 127.0.0.1 that plays the StackExchange API for the scraper tests,
 * serving API-shaped responses written for these tests (fixtures/scraper/). Each test gives
 * a handler; every request is recorded.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';

export interface Reply {
  status?: number;
  /** An object is sent as JSON; a string as it is (e.g. truncated JSON). */
  body?: unknown;
  gzip?: boolean;
  /** Never answer (the client times out or gets killed). */
  stall?: boolean;
  /** Cut the gzip stream short. */
  truncateGzip?: boolean;
}

export interface Recorded {
  path: string;
  query: URLSearchParams;
}

export class FakeSE {
  readonly requests: Recorded[] = [];
  private server!: Server;
  base = '';

  constructor(public handler: (path: string, q: URLSearchParams, n: number) => Reply) {}

  async start(): Promise<this> {
    this.server = createServer((req: IncomingMessage, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const path = url.pathname.replace(/^\/2\.3/, '');
      this.requests.push({ path, query: url.searchParams });
      const reply = this.handler(path, url.searchParams, this.requests.length);
      if (reply.stall) return; // keep the socket open, answer nothing
      const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {});
      const gz = reply.gzip ?? true;
      let payload: Buffer = gz ? gzipSync(Buffer.from(text)) : Buffer.from(text);
      if (reply.truncateGzip) payload = payload.subarray(0, Math.floor(payload.length / 2));
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json; charset=utf-8', ...(gz ? { 'content-encoding': 'gzip' } : {}) });
      res.end(payload);
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/2.3`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}

/** An API page of items. */
export function page<T>(items: T[], hasMore: boolean, extra: Record<string, unknown> = {}): Reply {
  return { body: { items, has_more: hasMore, quota_max: 300, quota_remaining: 250, ...extra } };
}

export function apiError(status: number, id: number, name: string, message: string): Reply {
  return { status, body: { error_id: id, error_name: name, error_message: message } };
}
