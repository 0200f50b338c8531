import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { freePort } from '../src/devtools/service-process.js';
import { createdAtOf } from './event-ids.js';
import { NginxFront } from './nginx-front.js';
import { settings } from './settings.js';

/**
 * The benchmark's HTTPS receiver, run in its own process (forked with IPC) so that its CPU is not
 * the benchmark driver's. Issue 14 sets it up as nginx (`BENCH_RECEIVER=nginx`, the default): nginx
 * terminates TLS and answers 200, and this process reads its access log; `BENCH_RECEIVER=node` has
 * a Node HTTPS server here answer instead. Either way it records, per request, the latency from the
 * event's created_at (carried in its id, see event-ids.ts) to arrival, and which (path, event id)
 * pairs it has seen. Paths under /hang/ are always served here (nginx passes them on): such
 * requests can be made to hang for `ms` before their 200, are counted apart (`hanging`), and
 * `release` answers every held request at once and stops hanging, so the service under test can
 * drain and stop cleanly.
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

/** A self-signed certificate for 127.0.0.1, its CA written to `dir` for the service. */
async function certificate(dir: string): Promise<{ key: string; cert: string; caFile: string }> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
    ],
  });
  const caFile = join(dir, 'ca.pem');
  writeFileSync(caFile, pems.cert);
  return { key: pems.private, cert: pems.cert, caFile };
}

function answer(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"ok":true}');
}

/** What the receiver counted since its last reset. */
class Tally {
  /** Logged requests answered before this (ms) belong to the tally before: nginx flushes its log late. */
  readonly since = Date.now();
  requests = 0;
  hanging = 0;
  private readonly seen = new Set<string>();
  private readonly latencies: number[] = [];
  private readonly arrivals: Arrival[] = [];
  private firstAt = 0;
  private lastAt = 0;

  /** A request to a path that does not hang, answered: its (path, event id) and latency from created_at. */
  answered(url: string, webhookId: string, now: number): void {
    this.requests++;
    this.firstAt ||= now;
    this.lastAt = now;
    this.seen.add(`${url} ${webhookId}`);
    const createdAt = createdAtOf(webhookId);
    if (createdAt === undefined) return; // not a bench event (the raw baseline's): counted, no latency
    this.latencies.push(now - createdAt);
    this.arrivals.push([webhookId, url, now]);
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

const hangs = (url: string | undefined) => url?.startsWith('/hang/') ?? false;

/** Serves a request here: holds a hanging one, counts the rest (the nginx front counts its own). */
function serve(req: IncomingMessage, res: ServerResponse, tally: () => Tally, holds: Holds): void {
  req.resume();
  req.on('end', () => {
    if (hangs(req.url)) {
      tally().hanging++;
      return holds.ms > 0 ? holds.hold(res) : answer(res);
    }
    answer(res);
    const webhookId = req.headers['webhook-id'];
    tally().answered(req.url ?? '', typeof webhookId === 'string' ? webhookId : '-', Date.now());
  });
}

/** Starts the receiver: its port for the service, and a function that brings the tally up to date. */
async function listen(dir: string, handler: Parameters<typeof createHttpServer>[1], tally: () => Tally) {
  const { key, cert, caFile } = await certificate(dir);
  const listening = (server: ReturnType<typeof createHttpServer>, port: number) =>
    new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  if (settings.receiver === 'node') {
    const port = await freePort();
    await listening(createHttpsServer({ key, cert, keepAliveTimeout: 60_000 }, handler), port);
    return { port, caFile, catchUp: () => undefined, stop: () => undefined };
  }
  const [port, hangPort] = [await freePort(), await freePort()];
  await listening(createHttpServer({ keepAliveTimeout: 60_000 }, handler), hangPort);
  const front = new NginxFront({ dir, key, cert, httpsPort: port, hangUpstreamPort: hangPort });
  await front.start();
  const catchUp = () => {
    // nginx logs no /hang/ request: those are counted by serve(), behind it.
    for (const { uri, webhookId, at } of front.drain()) if (at >= tally().since) tally().answered(uri, webhookId, at);
  };
  return { port, caFile, catchUp, stop: () => front.stop() };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'hookline-bench-'));
  let tally = new Tally();
  const holds = new Holds();
  const current = () => tally;
  const receiver = await listen(dir, (req, res) => serve(req, res, current, holds), current);
  process.send!({ type: 'ready', port: receiver.port, caFile: receiver.caFile });
  process.on('message', (command: ReceiverCommand) => {
    receiver.catchUp();
    if (command.type === 'reset') tally = new Tally();
    else if (command.type === 'hang') holds.ms = command.ms;
    else if (command.type === 'release') holds.release();
    if (command.type === 'stats') process.send!({ type: 'stats', stats: tally.stats(holds.size, command.samples) });
    else process.send!({ type: command.type });
  });
  process.on('disconnect', () => {
    receiver.stop();
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
}

void main();
