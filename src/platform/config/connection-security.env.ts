import { IsIn, IsOptional, IsString, IsUrl, ValidateIf } from 'class-validator';

export const KAFKA_SECURITY_PROTOCOLS = ['PLAINTEXT', 'SSL', 'SASL_PLAINTEXT', 'SASL_SSL'] as const;
export type KafkaSecurityProtocol = (typeof KAFKA_SECURITY_PROTOCOLS)[number];
/** AWS_MSK_IAM: Amazon MSK's IAM access control, through AWS's signer over SASL/OAUTHBEARER. */
export const KAFKA_SASL_MECHANISMS = ['PLAIN', 'SCRAM-SHA-256', 'SCRAM-SHA-512', 'OAUTHBEARER', 'AWS_MSK_IAM'] as const;
export type KafkaSaslMechanism = (typeof KAFKA_SASL_MECHANISMS)[number];

/**
 * How Hookline authenticates to Kafka and to the schema registry, and which certificates it trusts.
 * Every variable may instead be read from a file named by <NAME>_FILE (a mounted Kubernetes Secret).
 * Part of Environment; checked as a whole by connectionSecurityProblems.
 */
export class ConnectionSecurityEnvironment {
  /** PLAINTEXT, SSL (TLS, optionally with a client certificate), SASL_PLAINTEXT or SASL_SSL. */
  @IsOptional()
  @IsIn(KAFKA_SECURITY_PROTOCOLS)
  KAFKA_SECURITY_PROTOCOL: KafkaSecurityProtocol = 'PLAINTEXT';

  /** The SASL mechanism of a SASL_* protocol: PLAIN, SCRAM-SHA-256, SCRAM-SHA-512, OAUTHBEARER or AWS_MSK_IAM. */
  @IsOptional()
  @IsIn(['', ...KAFKA_SASL_MECHANISMS])
  KAFKA_SASL_MECHANISM: KafkaSaslMechanism | '' = '';

  /** The SASL user (PLAIN, SCRAM): an API key on Confluent Cloud. */
  @IsOptional()
  @IsString()
  KAFKA_SASL_USERNAME = '';

  /** The SASL password (PLAIN, SCRAM): an API secret on Confluent Cloud. Never logged. */
  @IsOptional()
  @IsString()
  KAFKA_SASL_PASSWORD = '';

  /** OAUTHBEARER: the OAuth 2 token endpoint (https) asked for client-credentials tokens. */
  @IsOptional()
  @ValidateIf((_, value) => value !== '')
  @IsUrl({ require_tld: false, protocols: ['https'], require_protocol: true }, { message: 'must be an https:// URL' })
  KAFKA_SASL_OAUTH_TOKEN_URL = '';

  /** OAUTHBEARER: the client id sent to the token endpoint. */
  @IsOptional()
  @IsString()
  KAFKA_SASL_OAUTH_CLIENT_ID = '';

  /** OAUTHBEARER: the client secret sent to the token endpoint (HTTP Basic). Never logged. */
  @IsOptional()
  @IsString()
  KAFKA_SASL_OAUTH_CLIENT_SECRET = '';

  /** OAUTHBEARER: the scope asked for (space-separated); empty asks for none. */
  @IsOptional()
  @IsString()
  KAFKA_SASL_OAUTH_SCOPE = '';

  /** AWS_MSK_IAM: the AWS region of the MSK cluster; credentials come from AWS's default chain (IRSA, env, instance role). */
  @IsOptional()
  @IsString()
  AWS_REGION = '';

  /** PEM file of the certificate authorities trusted for the brokers (instead of the system's); empty trusts the system's. */
  @IsOptional()
  @IsString()
  KAFKA_SSL_CA_FILE = '';

  /** PEM file of Hookline's client certificate (mTLS), with KAFKA_SSL_KEY_FILE. */
  @IsOptional()
  @IsString()
  KAFKA_SSL_CERT_FILE = '';

  /** PEM file of the client certificate's private key (unencrypted). */
  @IsOptional()
  @IsString()
  KAFKA_SSL_KEY_FILE = '';

  /** The registry's Basic-auth user (an API key on Confluent Cloud); or put user:password in SCHEMA_REGISTRY_URL. */
  @IsOptional()
  @IsString()
  SCHEMA_REGISTRY_USERNAME = '';

  /** The registry's Basic-auth password. Never logged. */
  @IsOptional()
  @IsString()
  SCHEMA_REGISTRY_PASSWORD = '';

  /** A bearer token sent to the registry instead of Basic auth. Never logged. */
  @IsOptional()
  @IsString()
  SCHEMA_REGISTRY_BEARER_TOKEN = '';

  /** PEM file of the certificate authorities trusted for an https registry (instead of the system's). */
  @IsOptional()
  @IsString()
  SCHEMA_REGISTRY_CA_FILE = '';
}
