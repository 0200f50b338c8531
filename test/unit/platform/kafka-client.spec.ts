import { mkdtempSync, writeFileSync } from 'node:fs';
import { generate } from 'selfsigned';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppConfig } from '../../../src/platform/config/app-config.js';
import { bearerTokens, saslOptions, tlsOptions } from '../../../src/platform/kafka/kafka-client.js';

const dir = mkdtempSync(join(tmpdir(), 'hookline-kafka-client-'));
const pem = (name: string, text = `-----BEGIN ${name}-----\n`) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('the Kafka client factory', () => {
  it('gives plaintext clients no TLS and no SASL', () => {
    const config = AppConfig.fromEnv({});
    expect(tlsOptions(config.kafka.security)).toBeUndefined();
    expect(saslOptions(config)).toBeUndefined();
  });

  it('verifies the brokers always, with the CA file and the client certificate when given', async () => {
    // A real pair: the configuration refuses a certificate and key that Node cannot use together.
    const pair = await generate([{ name: 'commonName', value: 'hookline' }]);
    const [ca, cert, key] = [pem('CA'), pem('CERT', pair.cert), pem('KEY', pair.private)];
    const config = AppConfig.fromEnv({
      KAFKA_SECURITY_PROTOCOL: 'SSL',
      KAFKA_SSL_CA_FILE: ca,
      KAFKA_SSL_CERT_FILE: cert,
      KAFKA_SSL_KEY_FILE: key,
    });
    expect(tlsOptions(config.kafka.security)).toEqual({
      rejectUnauthorized: true,
      ca: ['-----BEGIN CA-----\n'],
      cert: pair.cert,
      key: pair.private,
    });
    expect(tlsOptions(AppConfig.fromEnv({ KAFKA_SECURITY_PROTOCOL: 'SSL' }).kafka.security)).toEqual({
      rejectUnauthorized: true,
    });
  });

  it.each([
    ['PLAIN', 'plain'],
    ['SCRAM-SHA-256', 'scram-sha-256'],
    ['SCRAM-SHA-512', 'scram-sha-512'],
  ])('maps %s to kafkajs mechanism %s', (mechanism, kafkajs) => {
    const config = AppConfig.fromEnv({
      KAFKA_SECURITY_PROTOCOL: 'SASL_SSL',
      KAFKA_SASL_MECHANISM: mechanism,
      KAFKA_SASL_USERNAME: 'u',
      KAFKA_SASL_PASSWORD: 'p',
    });
    expect(saslOptions(config)).toEqual({ mechanism: kafkajs, username: 'u', password: 'p' });
  });

  it('signs MSK IAM tokens with AWS signer from the default credential chain, and reuses them', async () => {
    const saved = { ...process.env };
    Object.assign(process.env, {
      AWS_ACCESS_KEY_ID: 'AKIAEXAMPLEKEY000000',
      AWS_SECRET_ACCESS_KEY: 'example/secret/key/0000000000000000000000',
    });
    try {
      const config = AppConfig.fromEnv({
        KAFKA_SECURITY_PROTOCOL: 'SASL_SSL',
        KAFKA_SASL_MECHANISM: 'AWS_MSK_IAM',
        AWS_REGION: 'eu-west-1',
      });
      expect(saslOptions(config)).toEqual({ mechanism: 'oauthbearer', authenticationProvider: expect.any(Function) });
      const value = await bearerTokens(config).value();
      const signed = new URL(Buffer.from(value, 'base64url').toString('utf8'));
      expect(signed.host).toBe('kafka.eu-west-1.amazonaws.com');
      expect(signed.searchParams.get('Action')).toBe('kafka-cluster:Connect');
      expect(signed.searchParams.get('X-Amz-Credential')).toMatch(
        /^AKIAEXAMPLEKEY000000\/\d{8}\/eu-west-1\/kafka-cluster\//,
      );
      expect(await bearerTokens(config).value()).toBe(value);
    } finally {
      process.env = saved;
    }
  });
});
