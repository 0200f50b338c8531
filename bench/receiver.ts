import { createServer } from 'node:https';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';

/**
 * The benchmark's HTTPS receiver, run in its own process (forked with IPC) so that its CPU is not
 * the benchmark driver's. Answers 200 at once; records, per request, the latency from the event's
 * created_at (set by the publisher) to arrival, and which (path, event id) pairs it has seen.
 */
export type ReceiverCommand = { type: 'reset' } | { type: 'stats' };
export interface ReceiverStats {
  requests: number;
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
  const server = createServer({ key: pems.private, cert: pems.cert, keepAliveTimeout: 60_000 }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const now = Date.now();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
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
      process.send!({ type: 'reset' });
    } else if (command.type === 'stats') {
      const stats: ReceiverStats = { requests, unique: seen.size, latencies, firstAt, lastAt };
      process.send!({ type: 'stats', stats });
    }
  });
  process.on('disconnect', () => process.exit(0));
}

void main();
