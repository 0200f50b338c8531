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
  { type: 'reset' } | { type: 'stats' } | { type: 'hang'; ms: number } | { type: 'release' };
export interface ReceiverStats {
  /** Answered requests to paths that do not hang. */
  requests: number;
  /** Requests received on hanging paths, and how many of them are held right now. */
  hanging: number;
  held: number;
  unique: number;
  latencies: number[];
  firstAt: number;
  lastAt: number;
}

async function main(): Promise<void> {
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

  let requests = 0;
  let seen = new Set<string>();
  let latencies: number[] = [];
  let firstAt = 0;
  let lastAt = 0;
  let hangMs = 0;
  let hanging = 0;
  const held = new Map<NodeJS.Timeout, () => void>();
  const answer = (res: import('node:http').ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  };
  const hold = (res: import('node:http').ServerResponse) => {
    hanging++;
    const timer = setTimeout(() => held.get(timer)?.(), hangMs);
    held.set(timer, () => {
      held.delete(timer);
      clearTimeout(timer);
      if (!res.destroyed) answer(res);
    });
    res.on('close', () => held.delete(timer));
  };
  const server = createServer({ key: pems.private, cert: pems.cert, keepAliveTimeout: 60_000 }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const now = Date.now();
      if (req.url?.startsWith('/hang/') && hangMs > 0) return hold(res);
      answer(res);
      if (req.url?.startsWith('/hang/')) return void hanging++;
      requests++;
      firstAt ||= now;
      lastAt = now;
      seen.add(`${req.url} ${String(req.headers['webhook-id'])}`);
      try {
        const created = Date.parse(
          (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { created_at: string }).created_at,
        );
        latencies.push(now - created);
      } catch {
        // not an envelope: counted, no latency
      }
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    process.send!({ type: 'ready', port, caFile });
  });
  process.on('message', (command: ReceiverCommand) => {
    if (command.type === 'reset') {
      requests = 0;
      seen = new Set();
      latencies = [];
      firstAt = lastAt = 0;
      hanging = 0;
      process.send!({ type: 'reset' });
    } else if (command.type === 'hang') {
      hangMs = command.ms;
      process.send!({ type: 'hang' });
    } else if (command.type === 'release') {
      hangMs = 0;
      [...held.values()].forEach((release) => release());
      process.send!({ type: 'release' });
    } else if (command.type === 'stats') {
      const stats: ReceiverStats = {
        requests,
        hanging,
        held: held.size,
        unique: seen.size,
        latencies,
        firstAt,
        lastAt,
      };
      process.send!({ type: 'stats', stats });
    }
  });
  process.on('disconnect', () => process.exit(0));
}

void main();
