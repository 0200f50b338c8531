import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { PipelineHarness } from '../support/harness.js';
import { envelope, eventually } from '../support/pipeline-fixtures.js';

const run = promisify(execFile);
const kafkaScript = new URL('../../deploy/local/kafka.sh', import.meta.url).pathname;

/**
 * The local broker is restarted while the service produces (several requests in flight): the
 * service is not ready while it cannot produce, heals by itself, and every event published before,
 * during and after the restart is delivered, with no restart of the service. Runs alone, after the
 * rest of the suite (make test's serial step), because it takes the shared broker away.
 */
describe('chaos: the broker restarts mid-stream', () => {
  let h: PipelineHarness;

  beforeAll(async () => {
    h = await PipelineHarness.start({
      env: { ROLES: 'ingest,delivery,retry,api', INGEST_DATA_VALIDATION: 'off' },
      subscriptions: [
        { path: '/a', events: ['*'] },
        { path: '/b', events: ['order.*'] },
      ],
    });
  }, 120_000);
  afterAll(async () => {
    await run(kafkaScript, ['up']).catch(() => undefined);
    await h?.close();
  }, 120_000);

  const publish = (events: object[]) => h.publish(events);
  const delivered = (events: { id: string }[]) => () => h.delivered(events, ['/a', '/b']);
  const readyStatus = async () => (await fetch(`${h.baseUrl}/health/ready`)).status;
  /** What a failed wait prints: how far each subscription got and where the pipeline holds events. */
  const pipelineState = async (before: { id: string }[], after: { id: string }[]) => {
    const missing = (path: string, events: { id: string }[]) => h.undelivered(events, [path]).length;
    const metrics = (await (await fetch(h.metricsUrl).catch(() => undefined))?.text()) ?? '';
    const lines = metrics
      .split('\n')
      .filter(
        (l) =>
          /^hookline_(ingest|matching|consumer|kafka|produce|dlq|retry|deliver|subscription_table)/.test(l) &&
          !l.includes('_bucket'),
      );
    const counts = (path: string) => `${path} ${missing(path, before)} of before, ${missing(path, after)} of after`;
    return [`missing: ${counts('/a')}; ${counts('/b')}`, ...lines].join('\n');
  };

  it('delivers everything published before, during and after a broker restart, with no service restart', async () => {
    const before = Array.from({ length: 2000 }, (_, i) => envelope('order.created', { n: i }));
    // Publish in slices so that produce requests are in flight when the broker goes.
    const publishing = (async () => {
      for (let i = 0; i < before.length; i += 100) await publish(before.slice(i, i + 100));
    })();
    await new Promise((r) => setTimeout(r, 300));
    await run(kafkaScript, ['down']);
    await eventually(async () => (await readyStatus()) !== 200, 30_000, 'not ready while the broker is away');
    await run(kafkaScript, ['up']);
    await publishing;
    await eventually(async () => (await readyStatus()) === 200, 90_000, 'ready again');

    const after = Array.from({ length: 1000 }, (_, i) => envelope('order.updated', { n: i }));
    await publish(after);
    await eventually(
      delivered([...before, ...after]),
      120_000,
      'all 3,000 events delivered to both subscriptions',
    ).catch(async (error: unknown) => {
      console.log(await pipelineState(before, after));
      throw error;
    });
    const metrics = await h.scrape();
    expect(metrics).not.toMatch(/hookline_dlq_parked_total\{reason="processing_error"\} [1-9]/);
  }, 360_000);
});
