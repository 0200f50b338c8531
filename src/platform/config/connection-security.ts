import { accessSync, constants, readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';
import type { ConnectionSecurityEnvironment, KafkaSecurityProtocol } from './connection-security.env.js';

export type KafkaSasl =
  | { mechanism: 'PLAIN' | 'SCRAM-SHA-256' | 'SCRAM-SHA-512'; username: string; password: string }
  | { mechanism: 'OAUTHBEARER'; tokenUrl: string; clientId: string; clientSecret: string; scope: string }
  | { mechanism: 'AWS_MSK_IAM'; region: string };

/** What every Kafka client Hookline creates connects with (see platform/kafka/kafka-client.ts). */
export interface KafkaSecurity {
  protocol: KafkaSecurityProtocol;
  /** Set for SSL and SASL_SSL: the files to read (empty: the system's CAs, no client certificate). */
  tls?: { caFile: string; certFile: string; keyFile: string };
  sasl?: KafkaSasl;
}

/** The registry's address without credentials, and how to authenticate to it. */
export interface RegistryConnection {
  url: string;
  auth?: { kind: 'basic'; username: string; password: string } | { kind: 'bearer'; token: string };
  caFile: string;
}

type Env = Readonly<ConnectionSecurityEnvironment> & { SCHEMA_REGISTRY_URL: string };

const usesTls = (p: KafkaSecurityProtocol) => p === 'SSL' || p === 'SASL_SSL';
const usesSasl = (p: KafkaSecurityProtocol) => p.startsWith('SASL_');
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The settings' problems that no single variable's validation sees: what a choice requires, files.
 * Kafka's only when the process uses Kafka.
 */
export function connectionSecurityProblems(env: Env, use: { kafka: boolean }): string[] {
  return [...(use.kafka ? kafkaProblems(env) : []), ...registryProblems(env)];
}

function kafkaProblems(env: Env): string[] {
  const problems: string[] = [];
  const protocol = env.KAFKA_SECURITY_PROTOCOL;
  const mechanism = env.KAFKA_SASL_MECHANISM;
  const need = (names: (keyof Env)[], why: string) =>
    names.filter((n) => env[n] === '').forEach((n) => problems.push(`${n}: required ${why}`));
  if (usesSasl(protocol) && mechanism === '') problems.push(`KAFKA_SASL_MECHANISM: required with ${protocol}`);
  if (!usesSasl(protocol) && mechanism !== '')
    problems.push(`KAFKA_SASL_MECHANISM: ${protocol} uses no SASL; use SASL_SSL (or SASL_PLAINTEXT)`);
  if (usesSasl(protocol)) {
    const why = `with KAFKA_SASL_MECHANISM=${mechanism}`;
    if (mechanism === 'PLAIN' || mechanism.startsWith('SCRAM'))
      need(['KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD'], why);
    if (mechanism === 'OAUTHBEARER')
      need(['KAFKA_SASL_OAUTH_TOKEN_URL', 'KAFKA_SASL_OAUTH_CLIENT_ID', 'KAFKA_SASL_OAUTH_CLIENT_SECRET'], why);
    if (mechanism === 'AWS_MSK_IAM') {
      need(['AWS_REGION'], why);
      if (protocol !== 'SASL_SSL') problems.push('KAFKA_SECURITY_PROTOCOL: AWS_MSK_IAM needs SASL_SSL');
    }
  }
  const tlsFiles = ['KAFKA_SSL_CA_FILE', 'KAFKA_SSL_CERT_FILE', 'KAFKA_SSL_KEY_FILE'] as const;
  if (!usesTls(protocol))
    tlsFiles
      .filter((n) => env[n] !== '')
      .forEach((n) => problems.push(`${n}: ${protocol} uses no TLS; use SSL or SASL_SSL`));
  if ((env.KAFKA_SSL_CERT_FILE === '') !== (env.KAFKA_SSL_KEY_FILE === ''))
    problems.push('KAFKA_SSL_CERT_FILE, KAFKA_SSL_KEY_FILE: a client certificate needs both');
  for (const name of tlsFiles) problems.push(...unreadable(name, env[name]));
  if (usesTls(protocol)) problems.push(...unusableClientCertificate(env.KAFKA_SSL_CERT_FILE, env.KAFKA_SSL_KEY_FILE));
  return problems;
}

/**
 * A client certificate and key Node cannot use together (a key of another certificate, a file that
 * is not PEM): every connection would fail the same way before reaching a broker, and kafkajs would
 * retry it for ever, so the start stops here as for an unreadable file.
 */
function unusableClientCertificate(certFile: string, keyFile: string): string[] {
  if (certFile === '' || keyFile === '') return [];
  try {
    createSecureContext({ cert: readFileSync(certFile), key: readFileSync(keyFile) });
    return [];
  } catch (error) {
    const { message, syscall } = error as NodeJS.ErrnoException;
    if (syscall) return []; // unreadable: said already
    return /key values mismatch/i.test(message)
      ? [`KAFKA_SSL_KEY_FILE: ${keyFile} is not the private key of the certificate in ${certFile} (${message})`]
      : [`KAFKA_SSL_CERT_FILE, KAFKA_SSL_KEY_FILE: not a usable PEM certificate and private key (${message})`];
  }
}

function registryProblems(env: Env): string[] {
  const problems: string[] = [];
  let url: URL;
  try {
    url = new URL(env.SCHEMA_REGISTRY_URL);
  } catch {
    return []; // the URL's own validation reports it
  }
  const inUrl = url.username !== '' || url.password !== '';
  const basic = env.SCHEMA_REGISTRY_USERNAME !== '' || env.SCHEMA_REGISTRY_PASSWORD !== '';
  const bearer = env.SCHEMA_REGISTRY_BEARER_TOKEN !== '';
  if ((env.SCHEMA_REGISTRY_USERNAME === '') !== (env.SCHEMA_REGISTRY_PASSWORD === ''))
    problems.push('SCHEMA_REGISTRY_USERNAME, SCHEMA_REGISTRY_PASSWORD: Basic auth needs both');
  if ([inUrl, basic, bearer].filter(Boolean).length > 1)
    problems.push(
      'SCHEMA_REGISTRY_BEARER_TOKEN: choose one of user-info in SCHEMA_REGISTRY_URL, SCHEMA_REGISTRY_USERNAME/PASSWORD or a bearer token',
    );
  // Credentials in clear text only to this machine (a local registry or a sidecar).
  if ((inUrl || basic || bearer) && url.protocol === 'http:' && !LOOPBACK.has(url.hostname))
    problems.push('SCHEMA_REGISTRY_URL: must be https:// when the registry gets credentials');
  if (env.SCHEMA_REGISTRY_CA_FILE !== '' && url.protocol !== 'https:')
    problems.push('SCHEMA_REGISTRY_CA_FILE: SCHEMA_REGISTRY_URL is not https://');
  problems.push(...unreadable('SCHEMA_REGISTRY_CA_FILE', env.SCHEMA_REGISTRY_CA_FILE));
  return problems;
}

function unreadable(name: string, path: string): string[] {
  if (path === '') return [];
  try {
    accessSync(path, constants.R_OK);
    return [];
  } catch (error) {
    return [`${name}: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'})`];
  }
}

/** The Kafka settings as one value (the environment is valid: connectionSecurityProblems found nothing). */
export function kafkaSecurityOf(env: Env): KafkaSecurity {
  const protocol = env.KAFKA_SECURITY_PROTOCOL;
  const tls = usesTls(protocol)
    ? { caFile: env.KAFKA_SSL_CA_FILE, certFile: env.KAFKA_SSL_CERT_FILE, keyFile: env.KAFKA_SSL_KEY_FILE }
    : undefined;
  return { protocol, tls, sasl: usesSasl(protocol) ? saslOf(env) : undefined };
}

function saslOf(env: Env): KafkaSasl {
  const mechanism = env.KAFKA_SASL_MECHANISM;
  if (mechanism === 'OAUTHBEARER')
    return {
      mechanism,
      tokenUrl: env.KAFKA_SASL_OAUTH_TOKEN_URL,
      clientId: env.KAFKA_SASL_OAUTH_CLIENT_ID,
      clientSecret: env.KAFKA_SASL_OAUTH_CLIENT_SECRET,
      scope: env.KAFKA_SASL_OAUTH_SCOPE,
    };
  if (mechanism === 'AWS_MSK_IAM') return { mechanism, region: env.AWS_REGION };
  return {
    mechanism: mechanism === '' ? 'PLAIN' : mechanism,
    username: env.KAFKA_SASL_USERNAME,
    password: env.KAFKA_SASL_PASSWORD,
  };
}

/** The registry's URL with any user-info moved into `auth`, so no log or span carries it. */
export function registryConnectionOf(env: Env): RegistryConnection {
  const url = new URL(env.SCHEMA_REGISTRY_URL);
  let auth: RegistryConnection['auth'];
  if (url.username !== '' || url.password !== '')
    auth = {
      kind: 'basic',
      username: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
    };
  else if (env.SCHEMA_REGISTRY_USERNAME !== '')
    auth = { kind: 'basic', username: env.SCHEMA_REGISTRY_USERNAME, password: env.SCHEMA_REGISTRY_PASSWORD };
  else if (env.SCHEMA_REGISTRY_BEARER_TOKEN !== '') auth = { kind: 'bearer', token: env.SCHEMA_REGISTRY_BEARER_TOKEN };
  url.username = '';
  url.password = '';
  return { url: url.toString().replace(/\/+$/, ''), auth, caFile: env.SCHEMA_REGISTRY_CA_FILE };
}
