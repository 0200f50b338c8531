import kafkajs from 'kafkajs';
import { classifyKafkaFailure, isKafkaAccessError } from '../../../src/platform/kafka/kafka-failure.js';
import { OAuthTokenError } from '../../../src/platform/kafka/oauth-token-source.js';
import { isTransient } from '../../../src/platform/errors/transient.js';

const {
  KafkaJSAggregateError,
  KafkaJSConnectionError,
  KafkaJSCreateTopicError,
  KafkaJSGroupCoordinatorNotFound,
  KafkaJSNumberOfRetriesExceeded,
  KafkaJSProtocolError,
  KafkaJSSASLAuthenticationError,
} = kafkajs as unknown as Record<string, new (...args: unknown[]) => Error>;

/** kafkajs's protocol error as its decoders throw it (createErrorFromCode). */
const protocolError = (type: string, code: number) =>
  new KafkaJSProtocolError({ type, code, retriable: false, message: `${type} from the broker` });
const retriesExceeded = (cause: Error) => new KafkaJSNumberOfRetriesExceeded(cause, { retryCount: 5, retryTime: 300 });

describe('Kafka failure classes', () => {
  it('names a refused password, behind kafkajs retries too', () => {
    const sasl = new KafkaJSSASLAuthenticationError(
      'SASL SCRAM SHA512 authentication failed: Authentication failed during authentication due to invalid credentials',
    );
    expect(classifyKafkaFailure(sasl)).toMatchObject({ code: 'kafka_authentication_failed' });
    expect(classifyKafkaFailure(retriesExceeded(sasl), { principal: 'User:hookline' })).toMatchObject({
      code: 'kafka_authentication_failed',
      fix: expect.stringContaining('User:hookline'),
    });
  });

  it('names a token endpoint that gives no token as an authentication failure', () => {
    expect(classifyKafkaFailure(new OAuthTokenError('token endpoint https://idp answered 401'))).toMatchObject({
      code: 'kafka_authentication_failed',
    });
  });

  it.each([
    ['self-signed certificate in certificate chain', 'SELF_SIGNED_CERT_IN_CHAIN'],
    ['unable to verify the first certificate', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE'],
    ["Hostname/IP does not match certificate's altnames", 'ERR_TLS_CERT_ALTNAME_INVALID'],
    ['Client network socket disconnected before secure TLS connection was established', 'ECONNRESET'],
  ])('names a TLS failure: %s', (message, code) => {
    const error = retriesExceeded(new KafkaJSConnectionError(`Connection error: ${message}`, { code }));
    expect(classifyKafkaFailure(error, { brokers: 'b:9094' })).toMatchObject({
      code: 'kafka_tls_failed',
      fix: expect.stringContaining('KAFKA_SSL_CA_FILE'),
    });
  });

  // As kafkajs reported them against the local broker's mTLS listener (9095, ssl.client.auth=required).
  const alert = (n: number, name: string, code: string) =>
    new KafkaJSConnectionError(
      `Connection error: 405D3004C17F0000:error:0A0004${n === 46 ? '16' : '12'}:SSL routines:ssl3_read_bytes:ssl/tls alert ${name}:../deps/openssl/openssl/ssl/record/rec_layer_s3.c:918:SSL alert number ${n}\n`,
      { code },
    );
  it.each([
    [
      'an expired or untrusted client certificate',
      alert(46, 'certificate unknown', 'ERR_SSL_SSL/TLS_ALERT_CERTIFICATE_UNKNOWN'),
    ],
    ['no client certificate', alert(42, 'bad certificate', 'ERR_SSL_SSL/TLS_ALERT_BAD_CERTIFICATE')],
    [
      'a certificate whose CA the brokers do not know',
      new KafkaJSConnectionError('Connection error: tlsv1 alert unknown ca', {
        code: 'ERR_SSL_TLSV1_ALERT_UNKNOWN_CA',
      }),
    ],
  ])('says the brokers refused our client certificate: %s', (_, error) => {
    const failure = classifyKafkaFailure(retriesExceeded(error), { brokers: 'b:9095' });
    expect(failure.code).toBe('kafka_tls_failed');
    expect(failure.fix).toMatch(
      /^b:9095 refused this instance's client certificate: it is expired, not signed by a CA the brokers trust, or missing/,
    );
    expect(failure.fix).not.toContain('KAFKA_SSL_CA_FILE');
  });

  it('says a client certificate and key do not belong together', () => {
    const mismatch = new KafkaJSConnectionError(
      'Failed to connect: error:05800074:x509 certificate routines::key values mismatch',
    );
    const failure = classifyKafkaFailure(retriesExceeded(mismatch));
    expect(failure.code).toBe('kafka_tls_failed');
    expect(failure.fix).toMatch(/^KAFKA_SSL_KEY_FILE is not the private key of the certificate in KAFKA_SSL_CERT_FILE/);
  });

  it('names a cluster nobody answers for', () => {
    const refused = new KafkaJSConnectionError('Connection error: connect ECONNREFUSED 127.0.0.1:1', {
      code: 'ECONNREFUSED',
    });
    expect(classifyKafkaFailure(retriesExceeded(refused))).toMatchObject({ code: 'kafka_unreachable' });
  });

  it('names the topic a topic creation was refused for', () => {
    const aggregate = new KafkaJSAggregateError('Topic creation errors', [
      new KafkaJSCreateTopicError(protocolError('TOPIC_AUTHORIZATION_FAILED', 29), 'webhooks.dlq'),
    ]);
    expect(classifyKafkaFailure(aggregate)).toMatchObject({
      code: 'kafka_authorization_failed',
      topic: 'webhooks.dlq',
    });
  });

  it('names the topic or the group of the request a missing ACL stopped', () => {
    const where = { topics: ['webhooks.retry-1m'], group: 'hookline.webhooks.retry-1m' };
    const topic = classifyKafkaFailure(protocolError('TOPIC_AUTHORIZATION_FAILED', 29), where);
    expect([topic.code, topic.topic, topic.group]).toEqual([
      'kafka_authorization_failed',
      'webhooks.retry-1m',
      undefined,
    ]);
    // Kafka named no topic: the fix names this deployment's.
    const unnamed = classifyKafkaFailure(protocolError('TOPIC_AUTHORIZATION_FAILED', 29), {
      ownTopics: 'webhooks.* and events',
    });
    expect(unnamed.fix).toContain('on the topics webhooks.* and events');
    const group = classifyKafkaFailure(protocolError('GROUP_AUTHORIZATION_FAILED', 30), where);
    expect([group.code, group.topic, group.group]).toEqual([
      'kafka_authorization_failed',
      undefined,
      'hookline.webhooks.retry-1m',
    ]);
  });

  it("names the group of a coordinator lookup a missing ACL refused (the broker's answer kept as its cause)", () => {
    const notFound = Object.assign(new KafkaJSGroupCoordinatorNotFound('Failed to find group coordinator'), {
      cause: protocolError('GROUP_AUTHORIZATION_FAILED', 30),
    });
    const failure = classifyKafkaFailure(notFound, { group: 'hookline.webhooks.delivery' });
    expect([failure.code, failure.group]).toEqual(['kafka_authorization_failed', 'hookline.webhooks.delivery']);
  });

  it('calls other broker errors kafka_unavailable, and only access failures access errors', () => {
    const other = protocolError('NOT_ENOUGH_REPLICAS', 19);
    expect(classifyKafkaFailure(other).code).toBe('kafka_unavailable');
    expect(isKafkaAccessError(other)).toBe(false);
    expect(isKafkaAccessError(protocolError('CLUSTER_AUTHORIZATION_FAILED', 31))).toBe(true);
    expect(isKafkaAccessError(new Error('a bug'))).toBe(false);
  });

  it('retries a record refused by a missing ACL instead of parking it', () => {
    expect(isTransient(protocolError('TOPIC_AUTHORIZATION_FAILED', 29))).toBe(true);
    expect(isTransient(protocolError('GROUP_AUTHORIZATION_FAILED', 30))).toBe(true);
    expect(isTransient(new OAuthTokenError('token endpoint down'))).toBe(true);
    expect(isTransient(protocolError('INVALID_RECORD', 87))).toBe(false);
  });
});
