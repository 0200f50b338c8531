import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { AppConfig, ConfigError } from '../../../src/platform/config/app-config.js';

const dir = mkdtempSync(join(tmpdir(), 'hookline-config-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const ca = file('ca.pem', '-----BEGIN CERTIFICATE-----\n…\n-----END CERTIFICATE-----\n');

/** The configuration's message, or '' when it is valid. */
function problems(env: Record<string, string>): string {
  try {
    AppConfig.fromEnv(env);
    return '';
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
}

describe('Kafka and registry security settings', () => {
  it('defaults to PLAINTEXT with no SASL and an unauthenticated registry', () => {
    const config = AppConfig.fromEnv({});
    expect(config.kafka.security).toEqual({ protocol: 'PLAINTEXT', tls: undefined, sasl: undefined });
    expect(config.registry).toEqual({
      url: 'http://127.0.0.1:8081/apis/ccompat/v7',
      auth: undefined,
      caFile: '',
    });
  });

  it('takes SASL_SSL with SCRAM, a CA and a client certificate', () => {
    const config = AppConfig.fromEnv({
      KAFKA_SECURITY_PROTOCOL: 'SASL_SSL',
      KAFKA_SASL_MECHANISM: 'SCRAM-SHA-512',
      KAFKA_SASL_USERNAME: 'hookline',
      KAFKA_SASL_PASSWORD: 'pw',
      KAFKA_SSL_CA_FILE: ca,
    });
    expect(config.kafka.security).toEqual({
      protocol: 'SASL_SSL',
      tls: { caFile: ca, certFile: '', keyFile: '' },
      sasl: { mechanism: 'SCRAM-SHA-512', username: 'hookline', password: 'pw' },
    });
  });

  it('reads any variable from NAME_FILE, without the trailing line break', () => {
    const config = AppConfig.fromEnv({
      KAFKA_SECURITY_PROTOCOL: 'SASL_SSL',
      KAFKA_SASL_MECHANISM: 'PLAIN',
      KAFKA_SASL_USERNAME_FILE: file('user', 'api-key\n'),
      KAFKA_SASL_PASSWORD_FILE: file('password', 's3cr3t with spaces \r\n'),
      DATABASE_URL_FILE: file('database-url', 'postgres://u:p@db:5432/hookline'),
    });
    expect(config.kafka.security.sasl).toEqual({
      mechanism: 'PLAIN',
      username: 'api-key',
      password: 's3cr3t with spaces ',
    });
    expect(config.database.url).toBe('postgres://u:p@db:5432/hookline');
  });

  it('refuses NAME and NAME_FILE together, and an unreadable NAME_FILE, naming the variable only', () => {
    const message = problems({
      KAFKA_SASL_PASSWORD: 'do-not-print-me',
      KAFKA_SASL_PASSWORD_FILE: file('p2', 'other'),
      KAFKA_SASL_USERNAME_FILE: join(dir, 'missing'),
    });
    expect(message).toContain('KAFKA_SASL_PASSWORD: set either KAFKA_SASL_PASSWORD or KAFKA_SASL_PASSWORD_FILE');
    expect(message).toMatch(/KAFKA_SASL_USERNAME_FILE: cannot read .*missing \(ENOENT\)/);
    expect(message).not.toContain('do-not-print-me');
  });

  it.each([
    [{ KAFKA_SECURITY_PROTOCOL: 'SASL_SSL' }, 'KAFKA_SASL_MECHANISM: required with SASL_SSL'],
    [{ KAFKA_SECURITY_PROTOCOL: 'SSL', KAFKA_SASL_MECHANISM: 'PLAIN' }, 'KAFKA_SASL_MECHANISM: SSL uses no SASL'],
    [
      { KAFKA_SECURITY_PROTOCOL: 'SASL_SSL', KAFKA_SASL_MECHANISM: 'SCRAM-SHA-256', KAFKA_SASL_USERNAME: 'u' },
      'KAFKA_SASL_PASSWORD: required with KAFKA_SASL_MECHANISM=SCRAM-SHA-256',
    ],
    [
      { KAFKA_SECURITY_PROTOCOL: 'SASL_SSL', KAFKA_SASL_MECHANISM: 'OAUTHBEARER', KAFKA_SASL_OAUTH_CLIENT_ID: 'c' },
      'KAFKA_SASL_OAUTH_TOKEN_URL: required',
    ],
    [
      {
        KAFKA_SECURITY_PROTOCOL: 'SASL_SSL',
        KAFKA_SASL_MECHANISM: 'OAUTHBEARER',
        KAFKA_SASL_OAUTH_TOKEN_URL: 'http://idp/token',
      },
      'KAFKA_SASL_OAUTH_TOKEN_URL: must be an https:// URL',
    ],
    [
      { KAFKA_SECURITY_PROTOCOL: 'SASL_PLAINTEXT', KAFKA_SASL_MECHANISM: 'AWS_MSK_IAM', AWS_REGION: 'eu-west-1' },
      'AWS_MSK_IAM needs SASL_SSL',
    ],
    [{ KAFKA_SSL_CA_FILE: ca }, 'KAFKA_SSL_CA_FILE: PLAINTEXT uses no TLS'],
    [{ KAFKA_SECURITY_PROTOCOL: 'SSL', KAFKA_SSL_CERT_FILE: ca }, 'a client certificate needs both'],
    [{ KAFKA_SECURITY_PROTOCOL: 'SSL', KAFKA_SSL_CA_FILE: join(dir, 'nope.pem') }, 'KAFKA_SSL_CA_FILE: cannot read'],
    [{ KAFKA_SECURITY_PROTOCOL: 'TLS' }, 'KAFKA_SECURITY_PROTOCOL'],
  ])('refuses %j', (env, expected) => {
    expect(problems(env as Record<string, string>)).toContain(expected);
  });

  it('refuses a client certificate with the key of another, or files that are not PEM, in one line', async () => {
    const [mine, other] = await Promise.all([
      generate([{ name: 'commonName', value: 'hookline' }]),
      generate([{ name: 'commonName', value: 'someone-else' }]),
    ]);
    const [cert, key, otherKey] = [file('c.crt', mine.cert), file('c.key', mine.private), file('o.key', other.private)];
    const ssl = { KAFKA_SECURITY_PROTOCOL: 'SSL', KAFKA_SSL_CERT_FILE: cert };
    expect(problems({ ...ssl, KAFKA_SSL_KEY_FILE: key })).toBe('');
    expect(problems({ ...ssl, KAFKA_SSL_KEY_FILE: otherKey })).toBe(
      `Invalid configuration:\n  KAFKA_SSL_KEY_FILE: ${otherKey} is not the private key of the certificate in ${cert} (error:05800074:x509 certificate routines::key values mismatch)`,
    );
    expect(problems({ ...ssl, KAFKA_SSL_KEY_FILE: ca })).toContain(
      'KAFKA_SSL_CERT_FILE, KAFKA_SSL_KEY_FILE: not a usable PEM certificate and private key',
    );
  });

  it('moves user-info out of the registry URL into Basic auth', () => {
    const config = AppConfig.fromEnv({ SCHEMA_REGISTRY_URL: 'https://KEY:p%40ss@psrc-1.confluent.cloud/' });
    expect(config.registry).toEqual({
      url: 'https://psrc-1.confluent.cloud',
      auth: { kind: 'basic', username: 'KEY', password: 'p@ss' },
      caFile: '',
    });
  });

  it('takes registry Basic auth, or a bearer token, with a CA for https', () => {
    const basic = AppConfig.fromEnv({
      SCHEMA_REGISTRY_URL: 'https://registry.internal/apis/ccompat/v7',
      SCHEMA_REGISTRY_USERNAME: 'u',
      SCHEMA_REGISTRY_PASSWORD: 'p',
      SCHEMA_REGISTRY_CA_FILE: ca,
    });
    expect(basic.registry.auth).toEqual({ kind: 'basic', username: 'u', password: 'p' });
    const bearer = AppConfig.fromEnv({
      SCHEMA_REGISTRY_URL: 'https://registry.internal',
      SCHEMA_REGISTRY_BEARER_TOKEN: 't0ken',
    });
    expect(bearer.registry.auth).toEqual({ kind: 'bearer', token: 't0ken' });
  });

  it.each([
    [{ SCHEMA_REGISTRY_USERNAME: 'u' }, 'Basic auth needs both'],
    [
      { SCHEMA_REGISTRY_URL: 'https://a:b@r.example', SCHEMA_REGISTRY_BEARER_TOKEN: 't' },
      'choose one of user-info in SCHEMA_REGISTRY_URL',
    ],
    [
      { SCHEMA_REGISTRY_URL: 'http://registry.example', SCHEMA_REGISTRY_BEARER_TOKEN: 't' },
      'SCHEMA_REGISTRY_URL: must be https:// when the registry gets credentials',
    ],
    [{ SCHEMA_REGISTRY_CA_FILE: ca }, 'SCHEMA_REGISTRY_CA_FILE: SCHEMA_REGISTRY_URL is not https://'],
  ])('refuses the registry settings %j', (env, expected) => {
    expect(problems(env as Record<string, string>)).toContain(expected);
  });

  it('lets credentials go in clear text to a registry on this machine only', () => {
    expect(problems({ SCHEMA_REGISTRY_URL: 'http://127.0.0.1:8081', SCHEMA_REGISTRY_BEARER_TOKEN: 't' })).toBe('');
  });
});
