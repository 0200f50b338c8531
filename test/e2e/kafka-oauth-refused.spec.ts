import type { ServiceProcess } from '../../src/devtools/service-process.js';
import { PipelineHarness } from '../support/harness.js';
import { OAuthTokenEndpoint } from '../support/oauth-token-endpoint.js';
import { envelope, eventually } from '../support/pipeline-fixtures.js';
import { AclAdmin, deploymentGrants, securedListeners, type Readiness } from '../support/secured-kafka.js';

const CLIENT_SECRET = 'oauth-client-secret-0123456789';

/**
 * The built service starting while the brokers refuse its OAuth tokens (SASL_SSL listener,
 * OAUTHBEARER): the token endpoint issues tokens for another audience than the broker's validator
 * expects. kafkajs alone took the refusal for a cluster without brokers ("No brokers in the broker
 * pool") and the process ended; as for a refused password, it stays up, not ready, naming the
 * refusal, and becomes ready once the tokens are what the broker accepts.
 */
describe('Kafka refusing the OAuth tokens at start', () => {
  const listeners = securedListeners();
  const acls = new AclAdmin(listeners);
  const tokens = new OAuthTokenEndpoint(listeners, { hookline: CLIENT_SECRET });
  let h: PipelineHarness;
  let service: ServiceProcess;

  beforeAll(async () => {
    await tokens.start();
    h = await PipelineHarness.start({
      app: false,
      env: { KAFKA_BROKERS: listeners.plaintext, ROLES: 'ingest,delivery' },
      subscriptions: [{ path: '/hook', events: ['*'] }],
      beforeTopics: (_kafka, config) => acls.grant(deploymentGrants('User:hookline', config.kafka.groupPrefix)),
    });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await tokens.stop();
    await acls.revokeAll();
  }, 60_000);

  /** The service's readiness; fails at once, with its last lines, if the process has ended. */
  const readiness = async (): Promise<Readiness | undefined> => {
    if (service.exited) throw new Error(`the service ended:\n${service.output.slice(-10).join('\n')}`);
    try {
      const response = await fetch(`${service.baseUrl}/health/ready`);
      const text = await response.text();
      return { status: response.status, body: JSON.parse(text) as Readiness['body'], text };
    } catch {
      return undefined; // not listening yet
    }
  };
  const waitForReadiness = async (status: number, timeoutMs: number): Promise<Readiness> => {
    let last: Readiness | undefined;
    await eventually(async () => (last = await readiness())?.status === status, timeoutMs, `readiness ${status}`);
    return last!;
  };

  it('stays up, not ready, naming the refused token; ready once the broker accepts the tokens', async () => {
    tokens.audience = 'another-kafka-cluster';
    service = await h.process({
      KAFKA_BROKERS: listeners.saslSsl,
      KAFKA_SECURITY_PROTOCOL: 'SASL_SSL',
      KAFKA_SSL_CA_FILE: listeners.caFile,
      KAFKA_SASL_MECHANISM: 'OAUTHBEARER',
      KAFKA_SASL_OAUTH_TOKEN_URL: tokens.url,
      KAFKA_SASL_OAUTH_CLIENT_ID: 'hookline',
      KAFKA_SASL_OAUTH_CLIENT_SECRET: CLIENT_SECRET,
      KAFKA_SASL_OAUTH_SCOPE: 'kafka',
    });
    service.start();
    await waitForReadiness(503, 60_000);
    // Both Kafka checks name it; kafkajs's own retries (about 20 s) have passed, and the process is still here.
    await eventually(
      async () => Object.keys((await readiness())?.body.error ?? {}).length === 2,
      30_000,
      'both Kafka checks down',
    );
    await new Promise((r) => setTimeout(r, 20_000));
    const refused = (await readiness())!;
    expect(refused.status).toBe(503);
    expect(refused.body.error).toEqual({
      kafka: { status: 'down', code: 'kafka_authentication_failed' },
      pipeline: { status: 'down', code: 'kafka_authentication_failed' },
    });
    expect(refused.text).not.toContain(CLIENT_SECRET);
    const log = service.output.join('\n');
    expect(log).toContain('refused the token (invalid_token)');
    expect(log).toContain('To fix: the brokers refused the OAuth token of the OAuth client hookline');
    expect(log).not.toContain('No brokers in the broker pool');
    expect(log).not.toContain(CLIENT_SECRET);

    const refusedTokens = tokens.requests.length;
    tokens.audience = listeners.oauth.audience;
    await waitForReadiness(200, 90_000);
    // The refused token was not reused until its renewal (48 s of its 60): new tokens came at once.
    expect(tokens.requests.length).toBeGreaterThan(refusedTokens);
    const event = envelope('order.created', { order_id: 'o-1' });
    await h.publish([event]);
    await eventually(() => h.delivered([event]), 60_000, 'an event delivered once Kafka accepts the tokens');
  }, 240_000);
});
