import { PipelineHarness } from '../support/harness.js';
import { envelope, eventually } from '../support/pipeline-fixtures.js';

const EVENTS = 10_000;
const PER_SECOND = 1_000;
const BATCH = 10;

/**
 * Exact replay across a crash: the built service is killed with SIGKILL a third of the way through
 * a 10,000-event stream published at 1,000 events/s, and started again. Every event reaches every
 * matching subscription at least once, and the events delivered twice are at most the requests in
 * flight at the kill: those the receiver got from the killed service whose attempt it had not put
 * on record (the attempt log holds a row for every answered request, written before its record is
 * finished). The new owner of each partition skips what the last commit's offset map says was
 * finished, and looks up in the attempt log only what the killed owner may have begun after it.
 * Needs dist/ (npx tsc -p tsconfig.build.json).
 */
describe('pipeline: kill -9 in the middle of a stream', () => {
  let h: PipelineHarness;

  afterAll(() => h?.close());

  it('delivers every event at least once, and twice at most what was in flight at the kill', async () => {
    // The service is the built one, as a child process: no app in this process.
    h = await PipelineHarness.start({
      app: false,
      subscriptions: [
        { path: '/orders', events: ['order.*'] },
        { path: '/everything', events: ['*'] },
        { path: '/payments', events: ['payment.*'] },
      ],
    });
    const { receiver } = h;
    const service = await h.process({ ROLES: process.env.PIPELINE_TEST_ROLES ?? 'all' });
    service.start();
    await service.waitReady();

    const ids = Array.from({ length: EVENTS }, () => envelope('order.created', {}).id);
    let published = 0;
    const publishing = (async () => {
      const started = Date.now();
      while (published < EVENTS) {
        const batch = ids.slice(published, published + BATCH);
        await h.kafka.send(
          h.config.ingest.topics[0],
          batch.map((id) => ({
            key: id,
            value: JSON.stringify({ ...envelope('order.created', { n: 1 }), id }),
            headers: { 'tenant-id': h.tenant },
          })),
        );
        published += batch.length;
        // On schedule: batch n goes out at n × 10 ms, whatever the sends took.
        const due = started + (published / PER_SECOND) * 1000;
        await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
      }
    })();

    await eventually(() => published >= EVENTS / 3, 60_000, 'a third of the events published');
    await service.kill9();
    const killAt = Date.now();
    const atCrash = { published, delivered: receiver.requests.length };
    service.start();
    await service.waitReady();
    await publishing;

    const pairs = () => new Set(receiver.requests.map((r) => `${r.path} ${r.headers['webhook-id']}`));
    await eventually(() => pairs().size === 2 * EVENTS, 180_000, 'every event at both subscriptions');
    await new Promise((r) => setTimeout(r, 2000));

    const unique = pairs();
    for (const id of ids) {
      expect(unique.has(`/orders ${id}`)).toBe(true);
      expect(unique.has(`/everything ${id}`)).toBe(true);
    }
    expect(receiver.deliveries('/payments')).toHaveLength(0);
    const duplicates = receiver.requests.length - unique.size;
    // The killed service's attempts are the rows from before the kill (the new one started later).
    const recordedBeforeKill = Number(
      (
        await h.fixtures.db.query(
          `SELECT count(*) AS n FROM delivery_attempts WHERE tenant_id = $1 AND created_at < $2`,
          [h.tenant, new Date(killAt).toISOString()],
        )
      ).rows[0].n,
    );
    const inFlightAtKill = atCrash.delivered - recordedBeforeKill;
    console.log(
      `kill -9 after ${atCrash.published} published / ${atCrash.delivered} delivered, ${inFlightAtKill} of them ` +
        `not yet on record; ${unique.size} (event, subscription) pairs delivered, ${receiver.requests.length} ` +
        `requests, ${duplicates} duplicates (${((100 * duplicates) / unique.size).toFixed(2)} %)`,
    );
    expect(inFlightAtKill).toBeGreaterThanOrEqual(0);
    expect(duplicates).toBeLessThanOrEqual(inFlightAtKill);
  }, 360_000);
});
