import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { projectRoot } from '../../src/platform/project-root.js';
import { PipelineHarness } from '../support/harness.js';
import type { ReceivedRequest } from '../support/https-receiver.js';

const run = promisify(execFile);

/**
 * Events serialised by a client we did not write: Confluent's Python serialisers (AvroSerializer,
 * JSONSerializer from the confluent-kafka package), with three subject naming strategies, against
 * the real registry and broker. The receiver gets the mapping of docs/concepts/event-types.md, byte for byte. The venv is
 * made once by deploy/local/python-clients.sh and kept in .cache.
 */
describe('pipeline: events from Confluent Python serialisers arrive exactly', () => {
  let h: PipelineHarness;
  let ids: Record<'avro_topic_name' | 'avro_topic_record_name' | 'json_record_name', string>;

  beforeAll(async () => {
    h = await PipelineHarness.start({
      env: { ROLES: 'ingest,delivery' },
      subscriptions: [{ path: '/hook', events: ['*'] }],
    });
    const { config, tenant } = h;
    const root = projectRoot();
    const { stdout } = await run(
      `${root}/deploy/local/python-clients.sh`,
      [
        'run',
        `${root}/test/support/python/produce_confluent.py`,
        ...['--bootstrap', config.kafka.brokers.join(','), '--registry', config.registry.url],
        ...['--topic', config.ingest.topics[0], '--tenant', tenant],
        ...['--namespace', `hookline.py.${tenant.replaceAll('-', '_')}`],
      ],
      { timeout: 280_000 },
    );
    ids = JSON.parse(stdout.trim().split('\n').pop()!);
  }, 300_000);

  afterAll(() => h?.close());

  const body = async (id: string) => {
    const mine = (r: ReceivedRequest) => r.headers['webhook-id'] === id;
    await h.receiver.waitFor((all) => all.some(mine), 20_000);
    return h.receiver.requests.find(mine)!.body;
  };
  const avroData =
    '{"amount":"42.17","ledger_id":9007199254740993,"paid_on":"2026-11-23",' +
    '"ref":"0b8d5a4c-7f3e-4a7b-9d2c-1e6f5a4b3c2d","note":"from python"}';

  it('AvroSerializer, TopicNameStrategy: decimal, timestamp-millis created_at, 2^53 + 1, date, uuid', async () => {
    const id = ids.avro_topic_name;
    // Which of the three events the subscription numbered first depends on partitioning.
    const ordering = /,"sequence":[1-3],"previous_event_id":(null|"evt_py_[0-9a-f]{32}")\}$/;
    const text = await body(id);
    expect(text).toMatch(ordering);
    expect(text.replace(ordering, '}')).toBe(
      `{"id":"${id}","type":"payment.succeeded","created_at":"2026-11-23T02:25:43.123Z","data":${avroData}}`,
    );
  });

  it('AvroSerializer, TopicRecordNameStrategy', async () => {
    const text = await body(ids.avro_topic_record_name);
    expect(text).toContain(`"type":"payment.refunded","created_at":"2026-11-23T02:25:43.123Z","data":${avroData}`);
  });

  it('JSONSerializer, RecordNameStrategy: integers beyond 2^53 keep their digits', async () => {
    const text = await body(ids.json_record_name);
    expect(text).toContain(
      '"created_at":"2026-11-23T02:25:43.123Z","data":{"ledger_id":9223372036854775807,"negative":-18446744073709551617}',
    );
  });
});
