import type { ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';

/**
 * The benchmark's HTTPS receiver, run in its own process (forked with IPC) so that its CPU is not
 * the benchmark driver's. Answers 200 at once; records, per request, the latency from the event's
 * created_at (set by the publisher) to arrival, and which (path, event id) pairs it has seen.
 * Paths under /hang/ can be made to hang (the hanging-endpoint scenario): such requests are held for
 * `ms` and then answered 200, counted apart (`hanging`), and `release` answers every held request at
 * once and stops hanging, so the service under test can drain and stop cleanly.
 */
export type ReceiverCommand =
  { type: 'reset' } | { type: 'stats'; samples: boolean } | { type: 'hang'; ms: number } | { type: 'release' };
export interface ReceiverStats {
  /** Answered requests to paths that do not hang. */
  requests: number;
  /** Requests received on hanging paths, and how many of them are held right now. */
  hanging: number;
  held: number;
  unique: number;
  latencies: number[];
  /** Per answered envelope: its event id, the path it came to and when it arrived (ms). */
  arrivals: Arrival[];
  firstAt: number;
  lastAt: number;
}

export type Arrival = [eventId: string, path: string, at: number];

/** A self-signed certificate for 127.0.0.1, its CA written to a temporary file for the service. */
async function certificate(): Promise<{ key: string; cert: string; caFile: string }> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
    ],
  });
  const caFile = join(mkdtempSync(join(tmpdir(), 'hookline-bench-')), 'ca.pem');
  writeFileSync(caFile, pems.cert);
  return { key: pems.private, cert: pems.cert, caFile };
}

function answer(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"ok":true}');
}

/** What the receiver counted since its last reset. */
class Tally {
  requests = 0;
  hanging = 0;
  private readonly seen = new Set<string>();
  private readonly latencies: number[] = [];
  private readonly arrivals: Arrival[] = [];
  private firstAt = 0;
  private lastAt = 0;

  /** A request to a path that does not hang, answered: its (path, event id) and latency from created_at. */
  answered(url: string | undefined, webhookId: unknown, body: Buffer, now: number): void {
    this.requests++;
    this.firstAt ||= now;
    this.lastAt = now;
    this.seen.add(`${url} ${String(webhookId)}`);
    try {
      const envelope = JSON.parse(body.toString('utf8')) as { id: string; created_at: string };
      this.latencies.push(now - Date.parse(envelope.created_at));
      this.arrivals.push([envelope.id, url ?? '', now]);
    } catch {
      // not an envelope: counted, no latency
    }
  }

  /** Without samples, the latencies and arrivals are left out (a cheap progress poll). */
  stats(held: number, samples: boolean): ReceiverStats {
    const { requests, hanging, firstAt, lastAt } = this;
    const [latencies, arrivals] = samples ? [this.latencies, this.arrivals] : [[], []];
    return { requests, hanging, held, unique: this.seen.size, latencies, arrivals, firstAt, lastAt };
  }
}

/** The requests held on hanging paths, each answered after `ms` or at release. */
class Holds {
  ms = 0;
  private readonly held = new Map<NodeJS.Timeout, () => void>();

  get size(): number {
    return this.held.size;
  }

  hold(res: ServerResponse): void {
    const timer = setTimeout(() => this.held.get(timer)?.(), this.ms);
    this.held.set(timer, () => {
      this.held.delete(timer);
      clearTimeout(timer);
      if (!res.destroyed) answer(res);
    });
    res.on('close', () => this.held.delete(timer));
  }

  /** Answers every held request, and stops holding. */
  release(): void {
    this.ms = 0;
    [...this.held.values()].forEach((release) => release());
  }
}

async function main(): Promise<void> {
  const { key, cert, caFile } = await certificate();
  let tally = new Tally();
  const holds = new Holds();
  const server = createServer({ key, cert, keepAliveTimeout: 60_000 }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const now = Date.now();
      const hangs = req.url?.startsWith('/hang/') ?? false;
      if (hangs && holds.ms > 0) {
        tally.hanging++;
        return holds.hold(res);
      }
      answer(res);
      if (hangs) return void tally.hanging++;
      tally.answered(req.url, req.headers['webhook-id'], Buffer.concat(chunks), now);
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    process.send!({ type: 'ready', port, caFile });
  });
  process.on('message', (command: ReceiverCommand) => {
    if (command.type === 'reset') tally = new Tally();
    else if (command.type === 'hang') holds.ms = command.ms;
    else if (command.type === 'release') holds.release();
    if (command.type === 'stats') process.send!({ type: 'stats', stats: tally.stats(holds.size, command.samples) });
    else process.send!({ type: command.type });
  });
  process.on('disconnect', () => process.exit(0));
}

void main();
