import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { memberText } from '../../src/platform/json/json-text.js';
import { buildTopology } from '../../src/topology.js';
import { registerSchema } from '../support/avro-frames.js';
import { fuzzCase, type FuzzCase, type FuzzContext, type JunkPlan } from '../support/fuzz-records.js';
import { avroEnvelopeSchema, jsonEnvelopeSchema } from '../support/fuzz-schemas.js';
import { PipelineHarness } from '../support/harness.js';
import { echoChallenge, HttpsReceiver, type Reply } from '../support/https-receiver.js';
import { eventually } from '../support/pipeline-fixtures.js';
import { uniqueId } from '../support/test-config.js';

/** How many records (FUZZ_CASES, default 2,000) and from which seed (FUZZ_SEED replays a run). */
const CASES = Number(process.env.FUZZ_CASES ?? 2000);
const SEED = process.env.FUZZ_SEED === undefined ? randomInt(2 ** 31) : Number(process.env.FUZZ_SEED);
/** Records published and settled together: one fast-check run. */
const RUN_SIZE = 500;
const RUNS = Math.ceil(CASES / RUN_SIZE);
/** How long a run waits for its records to settle without any settling, and at most in all. */
const STALL_MS = 60_000;
const SETTLE_CAP_MS = 300_000;

/** Every dead-letter reason docs/errors.md lists: a record parked for any other fails the fuzzer. */
const DOCUMENTED = (() => {
  const doc = readFileSync('docs/errors.md', 'utf8');
  const section = doc.slice(
    doc.indexOf('## Dead-letter reasons'),
    doc.indexOf('\n## ', doc.indexOf('## Dead-letter reasons') + 1),
  );
  return new Set([...section.matchAll(/^\| `([a-z_]+)` +\|/gm)].map((m) => m[1]));
})();

const KINDS = ['avro', 'bytes', 'deep', 'json-schema', 'long', 'numbers', 'unicode', 'unknown-schema', 'wrong'];

/** A failed run names its seed and how to replay it, and the problems found (not the whole batch of records). */
function replayable<T>(details: fc.RunDetails<T>): void {
  if (!details.failed) return;
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(
    `fuzzer failed at run ${details.numRuns} (seed ${details.seed}); replay with FUZZ_SEED=${details.seed} ` +
      `FUZZ_CASES=${CASES}:\n${cause}`,
  );
}

const JUNK: Record<JunkPlan['body'], Buffer> = {
  nul: Buffer.from('{"ok":\u0000"\u0000"}\u0000'),
  invalid_utf8: Buffer.from([0x7b, 0xc3, 0x28, 0xff, 0xfe, 0xed, 0xa0, 0x80, 0x7d]),
  json: Buffer.from('{"received":true}'),
  empty: Buffer.alloc(0),
  huge: Buffer.concat([Buffer.from([0, 0xff]), Buffer.alloc(3 << 20, 0x61)]),
};

/**
 * The Kafka side under fast-check: random records published by a real client to the real broker,
 * every event to two subscriptions (a steady HTTPS endpoint, and one answering junk: U+0000,
 * invalid UTF-8, several MB, and a failure first now and then). Invariants: every record ends
 * delivered with its data byte-exact, or dead-lettered with a documented reason; no
 * processing_error; no request sent twice (each one is an attempt on record, one success per
 * endpoint); every consumed partition's committed offset reaches its end.
 */
describe(`pipeline fuzzer: ${CASES} records, seed ${SEED}`, () => {
  const plans = new Map<string, JunkPlan>();
  const junkAnswers = new Map<string, number[]>();
  let h: PipelineHarness;
  let ctx: FuzzContext;

  const answerJunk = (id: string): Reply => {
    const answers = junkAnswers.get(id) ?? [];
    const plan = plans.get(id) ?? { firstStatus: 200, body: 'json' };
    const status = answers.length === 0 ? plan.firstStatus : 200;
    junkAnswers.set(id, [...answers, status]);
    return { status, body: JUNK[plan.body] };
  };

  beforeAll(async () => {
    const receiver = new HttpsReceiver();
    receiver.responder = (req) => {
      if (req.path === '/junk' && !req.body.includes('"url_verification"'))
        return answerJunk(req.headers['webhook-id']);
      return echoChallenge(req);
    };
    h = await PipelineHarness.start({
      receiver,
      env: {
        RETRY_SCHEDULE: '500ms,1s,2s',
        RETRY_JITTER_PERCENT: '0',
        INGEST_UNKNOWN_TYPES: 'deliver',
        // The junk endpoint refuses a planned share of first attempts; with a schedule of seconds an
        // open circuit (30 s) would exhaust its retries. Circuits have tests of their own.
        CIRCUIT_CONSECUTIVE_FAILURES: '0',
        CIRCUIT_FAILURE_RATIO_PERCENT: '0',
        // FUZZ_LOG=warn shows the service's own log while replaying a seed.
        ...(process.env.FUZZ_LOG ? { LOG_LEVEL: process.env.FUZZ_LOG } : {}),
      },
      subscriptions: [
        { path: '/steady', events: ['*'] },
        { path: '/junk', events: ['*'] },
      ],
    });
    const namespace = `hookline.fuzz.${uniqueId('n').replaceAll('-', '_')}`;
    const avroSchema = avroEnvelopeSchema(namespace);
    const registry = h.config.env.SCHEMA_REGISTRY_URL;
    ctx = {
      tenant: h.tenant,
      avroSchema,
      avroId: await registerSchema(registry, `${namespace}.FuzzEnvelope`, avroSchema),
      jsonSchemaId: await registerSchema(
        registry,
        `${namespace}.json`,
        { ...jsonEnvelopeSchema, title: namespace },
        'JSON',
      ),
    };
  }, 60_000);
  afterAll(() => h?.close());

  it(
    'ends every record delivered byte-exact or dead-lettered with a documented reason',
    async () => {
      let run = 0;
      const kinds = new Set<string>();
      const property = fc.asyncProperty(
        fc.array(fuzzCase, { minLength: RUN_SIZE, maxLength: RUN_SIZE }),
        async (builders) => {
          const size = Math.min(RUN_SIZE, CASES - run * RUN_SIZE);
          const prefix = `fz${SEED.toString(36)}.${run++}.`;
          const cases = builders.slice(0, size).map((build, i) => build(`${prefix}${i}.`, ctx));
          cases.forEach((c) => plans.set(c.id, c.junk));
          cases.forEach((c) => kinds.add(c.kind.split(':')[0]));
          await publish(h, cases);
          const problems = await settle(h, cases, junkAnswers);
          if (problems.length > 0)
            throw new Error(
              `${problems.length} problems:\n${problems.slice(0, 25).join('\n')}\n${await circumstances(h)}`,
            );
        },
      );
      await fc.assert(property, { seed: SEED, numRuns: RUNS, endOnFailure: true, reporter: replayable });
      // Every kind of record was in the mix: the generators did not drift into one corner.
      if (CASES >= RUN_SIZE) expect([...kinds]).toEqual(expect.arrayContaining(KINDS));
    },
    60_000 + RUNS * (SETTLE_CAP_MS + 100_000),
  );
});

/** What the service went through meanwhile (produce failures repeat sends), for a failure's report. */
async function circumstances(h: PipelineHarness): Promise<string> {
  const metrics = await (await fetch(`${h.baseUrl}/metrics`)).text();
  const watched =
    /^hookline_(produce_errors_total|delivery_replay_checks_total|deferred_tasks_total|delivery_duplicate_tasks_total|schema_registry_errors_total|kafka_consumer_lag)[{ ]/;
  const lines = metrics.split('\n').filter((l) => watched.test(l) && !l.endsWith(' 0'));
  return `meanwhile: ${lines.join('; ') || 'no produce errors'}`;
}

/** Every case, in sends of at most ~512 KB: a broker refuses a record batch over its topic's limit. */
async function publish(h: PipelineHarness, cases: FuzzCase[]): Promise<void> {
  const topic = h.config.ingestTopics[0];
  let batch: FuzzCase[] = [];
  let bytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const messages = batch.map((c) => ({ key: c.key, value: c.value, headers: { ...c.headers, 'fuzz-case': c.id } }));
    const sizes = batch.map((c) => `${c.kind} ${c.value?.length ?? 0} B`).join(', ');
    [batch, bytes] = [[], 0];
    await h.kafka.send(topic, messages).catch((error: Error) => {
      throw new Error(`publishing ${sizes}: ${error.message}`);
    });
  };
  for (const c of cases) {
    if (bytes + (c.value?.length ?? 0) > 512 * 1024) await flush();
    batch.push(c);
    bytes += c.value?.length ?? 0;
  }
  await flush();
}

interface Seen {
  parked: Map<string, string[]>;
  requests: (path: string, id: string) => string[];
}

/** Waits until every case is delivered to both endpoints or parked, then checks the invariants; the problems found. */
async function settle(h: PipelineHarness, cases: FuzzCase[], junkAnswers: Map<string, number[]>): Promise<string[]> {
  const look = async (): Promise<Seen> => {
    const rows = await h.fixtures.db.query<{ c: string; reason: string }>(
      `SELECT headers->>'fuzz-case' AS c, reason FROM dead_letters WHERE dlq_topic = $1 AND headers ? 'fuzz-case'`,
      [h.topic('dlq')],
    );
    const parked = new Map<string, string[]>();
    for (const r of rows.rows) parked.set(r.c, [...(parked.get(r.c) ?? []), r.reason]);
    const byPath = new Map<string, string[]>();
    for (const r of h.receiver.deliveries())
      byPath.set(`${r.path} ${r.headers['webhook-id']}`, [
        ...(byPath.get(`${r.path} ${r.headers['webhook-id']}`) ?? []),
        r.body,
      ]);
    return { parked, requests: (path, id) => byPath.get(`${path} ${id}`) ?? [] };
  };
  const taken = (id: string) => (junkAnswers.get(id) ?? []).some((s) => s < 300);
  const resolved = (seen: Seen, c: FuzzCase) =>
    seen.parked.has(c.id) || (seen.requests('/steady', c.id).length > 0 && taken(c.id));
  // "Ends" has no deadline of its own: the wait goes on while records keep settling (a shared broker
  // may stall a consumer for a while), and gives up after STALL_MS without progress or at SETTLE_CAP_MS.
  let seen = await look();
  const started = Date.now();
  let progress = { at: started, settled: 0 };
  for (;;) {
    const settled = cases.filter((c) => resolved(seen, c)).length;
    if (settled > progress.settled) progress = { at: Date.now(), settled };
    if (settled === cases.length || Date.now() - progress.at > STALL_MS || Date.now() - started > SETTLE_CAP_MS) break;
    await new Promise((r) => setTimeout(r, 500));
    seen = await look();
  }
  await new Promise((r) => setTimeout(r, 1_000)); // a request sent twice would arrive by now
  seen = await look();
  const problems = [
    ...cases.flatMap((c) => problemsOf(c, seen, junkAnswers.get(c.id) ?? [])),
    ...(await pipelineProblems(h)),
    ...(await attemptProblems(h, cases, seen)),
  ];
  const unsettled = cases.filter((c) => !resolved(seen, c)).map((c) => c.id);
  return unsettled.length > 0 ? [...problems, ...(await located(h, unsettled.slice(0, 10)))] : problems;
}

/** Where records that never settled are: on which topics, partitions and offsets (a failure's report). */
async function located(h: PipelineHarness, ids: string[]): Promise<string[]> {
  const wanted = new Set(ids);
  const found: string[] = [];
  for (const topic of [h.config.ingestTopics[0], h.topic('dlq')]) {
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

function problemsOf(c: FuzzCase, seen: Seen, junkStatuses: number[]): string[] {
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
async function pipelineProblems(h: PipelineHarness): Promise<string[]> {
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
async function attemptProblems(h: PipelineHarness, cases: FuzzCase[], seen: Seen): Promise<string[]> {
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
