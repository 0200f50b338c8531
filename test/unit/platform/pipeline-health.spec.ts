import kafkajs from 'kafkajs';
import { AppConfig } from '../../../src/platform/config/app-config.js';
import { PipelineHealth } from '../../../src/platform/kafka/pipeline-health.js';

const { KafkaJSProtocolError, KafkaJSSASLAuthenticationError, KafkaJSConnectionError } = kafkajs as unknown as Record<
  string,
  new (...args: unknown[]) => Error
>;
const denied = new KafkaJSProtocolError({
  type: 'TOPIC_AUTHORIZATION_FAILED',
  code: 29,
  retriable: false,
  message: 'Not authorized to access topics: [Topic authorization failed]',
});

describe('pipeline readiness reasons', () => {
  const config = AppConfig.fromEnv({ LIVENESS_PRODUCE_FAILURE_MS: '1000' });

  it('names a refused part by its class and resource until it recovers, the message kept apart', () => {
    const health = new PipelineHealth(config);
    health.kafkaFailed('consumer a', denied, { topics: ['w.retry-1s'], group: 'g.retry-1s' });
    expect(health.readiness()).toEqual({
      ok: false,
      code: 'kafka_authorization_failed',
      topic: 'w.retry-1s',
      group: undefined,
      detail: expect.stringContaining('Not authorized'),
    });
    health.kafkaRecovered('consumer a');
    expect(health.readiness()).toEqual({ ok: true });
  });

  it('reports a produce failure as the access class when Kafka refuses, else as kafka_produce_failed with the topics', () => {
    const health = new PipelineHealth(config);
    health.produceFailed(
      ['w.deliveries'],
      new KafkaJSSASLAuthenticationError('SASL SCRAM SHA512 authentication failed'),
    );
    expect(health.readiness()).toMatchObject({ ok: false, code: 'kafka_authentication_failed' });
    health.produceFailed(
      ['w.dlq'],
      new KafkaJSProtocolError({ type: 'UNKNOWN_TOPIC_OR_PARTITION', code: 3, retriable: true, message: 'gone' }),
    );
    expect(health.readiness()).toMatchObject({ ok: false, code: 'kafka_produce_failed', topic: 'w.deliveries,w.dlq' });
    health.produced(['w.deliveries', 'w.dlq']);
    expect(health.readiness()).toEqual({ ok: true });
  });

  it('fails liveness after a long produce failure, but never while Kafka refuses this instance', () => {
    const health = new PipelineHealth(config);
    const start = Date.now();
    health.produceFailed(
      ['w.alerts'],
      new KafkaJSConnectionError('Connection error: connect ECONNREFUSED', { code: 'ECONNREFUSED' }),
      start,
    );
    expect(health.liveness(start + 500).ok).toBe(true);
    expect(health.liveness(start + 1_500)).toMatchObject({
      ok: false,
      code: 'kafka_produce_failed',
      topic: 'w.alerts',
    });
    const refused = new PipelineHealth(config);
    refused.produceFailed(['w.alerts'], denied, start);
    expect(refused.liveness(start + 60_000)).toEqual({ ok: true });
  });

  it("takes a gate's code, and calls a gate without one not_ready", () => {
    const health = new PipelineHealth(config);
    health.addGate('schema registry', () => ({ ok: false, code: 'schema_registry_auth_failed', detail: '401' }));
    expect(health.readiness()).toMatchObject({ ok: false, code: 'schema_registry_auth_failed' });
    const bare = new PipelineHealth(config);
    bare.addGate('something', () => ({ ok: false }));
    expect(bare.readiness()).toMatchObject({ ok: false, code: 'not_ready' });
  });
});
