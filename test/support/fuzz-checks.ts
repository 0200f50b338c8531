import { readFileSync } from 'node:fs';
import { memberText } from '../../src/platform/json/json-text.js';
import { buildTopology } from '../../src/topology.js';
import type { FuzzCase } from './fuzz-records.js';
import type { PipelineHarness } from './harness.js';
import { eventually } from './pipeline-fixtures.js';
import { uniqueId } from './test-config.js';

/** The fuzzer's invariants over what a run left behind (pipeline-fuzz.spec.ts), and its failure reports. */

/** Every dead-letter reason docs/errors.md lists: a record parked for any other fails the fuzzer. */
const DOCUMENTED = (() => {
  const doc = readFileSync('docs/errors.md', 'utf8');
  const section = doc.slice(
    doc.indexOf('## Dead-letter reasons'),
    doc.indexOf('\n## ', doc.indexOf('## Dead-letter reasons') + 1),
  );
  return new Set([...section.matchAll(/^\| `([a-z_]+)` +\|/gm)].map((m) => m[1]));
})();

export interface Seen {
  parked: Map<string, string[]>;
  requests: (path: string, id: string) => string[];
}

/** What the service went through meanwhile (produce failures repeat sends), for a failure's report. */
export async function circumstances(h: PipelineHarness): Promise<string> {
  const metrics = await h.scrape();
  const watched =
    /^hookline_(produce_errors_total|delivery_replay_checks_total|deferred_tasks_total|delivery_duplicate_tasks_total|schema_registry_errors_total|kafka_consumer_lag)[{ ]/;
  const lines = metrics.split('\n').filter((l) => watched.test(l) && !l.endsWith(' 0'));
  return `meanwhile: ${lines.join('; ') || 'no produce errors'}`;
}

/** Where records that never settled are: on which topics, partitions and offsets (a failure's report). */
export async function located(h: PipelineHarness, ids: string[]): Promise<string[]> {
  const wanted = new Set(ids);
  const found: string[] = [];
  for (const topic of [h.config.ingest.topics[0], h.topic('dlq')]) {
    const consumer = h.kafka.kafka.consumer({ groupId: uniqueId('fuzz-locate-') });
    const admin = h.kafka.kafka.admin();
    await admin.connect();
    const total = (await admin.fetchTopicOffsets(topic)).reduce((sum, p) => sum + Number(p.high), 0);
    await admin.disconnect();
    let read = 0;
    await consumer.connect();
    await consumer.subscribe({ topics: [topic], fromBeginning: true });
    await new Promise<void>((done) => {
      const timer = setTimeout(done, 30_000);
      void consumer.run({
        eachMessage: async ({ partition, message }) => {
          const id = message.headers?.['fuzz-case']?.toString();
          if (id && wanted.has(id)) found.push(`${JSON.stringify(id)} is on ${topic}/${partition}@${message.offset}`);
          if (++read < total) return;
          clearTimeout(timer);
          done();
        },
      });
    });
    await consumer.disconnect();
  }
  return found;
}

/** Where two texts part, with a little of each around it. */
function difference(got: string | undefined, sent: string): string {
  if (got === undefined) return 'no data member';
  let at = 0;
  while (at < got.length && got[at] === sent[at]) at++;
  const around = (t: string) => JSON.stringify(t.slice(Math.max(0, at - 30), at + 50));
  return `at ${at} of ${sent.length}: got ${around(got)}, sent ${around(sent)}`;
}

export function problemsOf(c: FuzzCase, seen: Seen, junkStatuses: number[]): string[] {
  const parked = seen.parked.get(c.id) ?? [];
  const steady = seen.requests('/steady', c.id);
  const what = `${c.kind} ${JSON.stringify(c.id)}`;
  if ('refused' in c.expect) {
    const expected = c.expect.refused;
    if (parked.length === 0) return [`${what}: neither delivered nor parked (expected ${expected.join('|')})`];
    // Parked more than once is at-least-once (a park repeated after a produce timeout), never a loss.
    const unexpected = parked.filter((reason) => !expected.includes(reason));
    const problems = unexpected.map((reason) => `${what}: parked as ${reason}, expected ${expected.join('|')}`);
    if (steady.length > 0) problems.push(`${what}: parked, yet delivered`);
    return problems;
  }
  if (parked.length > 0) return [`${what}: valid, yet parked as ${parked.join(', ')}`];
  const problems: string[] = [];
  if (steady.length !== 1) problems.push(`${what}: ${steady.length} requests to the steady endpoint`);
  // Taken once as far as Hookline knows (attemptProblems): an answer lost on the way is a failure, retried.
  if (!junkStatuses.some((s) => s < 300)) problems.push(`${what}: junk endpoint answers ${junkStatuses}`);
  for (const body of [...steady, ...seen.requests('/junk', c.id)]) {
    const data = memberText(body, 'data');
    if (data !== c.expect.delivered) problems.push(`${what}: data differs ${difference(data, c.expect.delivered)}`);
  }
  return problems;
}

/** No record parked for an undocumented reason or as processing_error; every consumed partition read to its end. */
export async function pipelineProblems(h: PipelineHarness): Promise<string[]> {
  const reasons = await h.fixtures.db.query<{ reason: string; n: string }>(
    `SELECT reason, count(*) AS n FROM dead_letters WHERE dlq_topic = $1 GROUP BY reason`,
    [h.topic('dlq')],
  );
  const problems = reasons.rows
    .filter((r) => !DOCUMENTED.has(r.reason) || r.reason === 'processing_error')
    .map((r) => `${r.n} records parked as ${r.reason}`);
  const lagging = async () => (await partitionsBehind(h)).join(', ');
  await eventually(async () => (await lagging()) === '', 90_000, 'every partition committed to its end').catch(
    () => undefined,
  );
  const behind = await lagging();
  return behind ? [...problems, `committed offsets behind the end: ${behind}`] : problems;
}

/**
 * Each request an endpoint received is an attempt on record (none sent without one), and each
 * endpoint took an event once; a problem shows the event's attempts (number, trigger, outcome).
 */
export async function attemptProblems(h: PipelineHarness, cases: FuzzCase[], seen: Seen): Promise<string[]> {
  const rows = await h.fixtures.db.query<{ subscription_id: string; event_id: string; trail: string[] }>(
    `SELECT subscription_id, event_id,
            array_agg(format('#%s %s %s/%s +%sms', attempt, trigger, outcome, status_code,
                             (extract(epoch FROM created_at) * 1000)::bigint % 100000) ORDER BY created_at) AS trail
       FROM delivery_attempts WHERE tenant_id = $1 GROUP BY subscription_id, event_id`,
    [h.tenant],
  );
  const attempts = new Map(rows.rows.map((r) => [`${r.subscription_id} ${r.event_id}`, r.trail]));
  const [steady, junk] = h.subscriptionIds;
  return cases.flatMap((c) =>
    [
      ['/steady', steady],
      ['/junk', junk],
    ].flatMap(([path, subscription]) => {
      const sent = seen.requests(path, c.id).length;
      const trail = attempts.get(`${subscription} ${c.id}`) ?? [];
      const successes = trail.filter((a) => a.includes(' success/')).length;
      if (sent === trail.length && successes <= 1) return [];
      return [`${c.kind} ${JSON.stringify(c.id)}: ${sent} requests to ${path}, attempts ${trail.join(', ')}`];
    }),
  );
}

/** The topic partitions whose group's committed offset is short of their end ("topic/partition committed<end"). */
async function partitionsBehind(h: PipelineHarness): Promise<string[]> {
  const admin = h.kafka.kafka.admin();
  await admin.connect();
  try {
    const behind: string[] = [];
    for (const spec of buildTopology(h.config).filter((s) => s.consumer && !s.consumer.broadcast)) {
      const ends = await admin.fetchTopicOffsets(spec.topic);
      const [committed] = await admin.fetchOffsets({ groupId: spec.consumer!.group, topics: [spec.topic] });
      for (const { partition, high } of ends) {
        const at = Number(committed.partitions.find((p) => p.partition === partition)?.offset ?? -1);
        if (Number(high) > 0 && at < Number(high)) behind.push(`${spec.topic}/${partition} ${at}<${high}`);
      }
    }
    return behind;
  } finally {
    await admin.disconnect();
  }
}
