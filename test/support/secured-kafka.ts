import type { INestApplication } from '@nestjs/common';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import kafkajs, { type Admin, type Kafka } from 'kafkajs';
import { AppConfig } from '../../src/platform/config/app-config.js';
import { createKafkaClient } from '../../src/platform/kafka/kafka-client.js';
import { projectRoot } from '../../src/platform/project-root.js';

const { AclResourceTypes, AclOperationTypes, AclPermissionTypes, ResourcePatternTypes } = kafkajs;
const run = promisify(execFile);

/** What deploy/local/kafka.sh writes about the local broker's listeners (KAFKA_LOCAL_DIR/listeners.json). */
export interface SecuredListeners {
  plaintext: string;
  saslSsl: string;
  mtls: string;
  caFile: string;
  scramMechanism: 'SCRAM-SHA-512';
  passwordFiles: { hookline: string; publisher: string };
  clientCertFile: string;
  clientKeyFile: string;
  /** The key the broker's JWKS file holds the public half of, and a certificate for a local token endpoint. */
  oauth: {
    signingKeyFile: string;
    kid: string;
    issuer: string;
    audience: string;
    serverCertFile: string;
    serverKeyFile: string;
  };
  reauthMs: number;
}

const STATE_DIR = process.env.KAFKA_LOCAL_DIR ?? join(projectRoot(), '.data/kafka');

/** The local broker's secured listeners; fails with what to run when the broker lacks them. */
export function securedListeners(): SecuredListeners {
  const file = join(STATE_DIR, 'listeners.json');
  if (!existsSync(file))
    throw new Error(
      `${file} is missing: the local broker has no secured listeners. Restart it with the current script: deploy/local/kafka.sh down && deploy/local/kafka.sh up`,
    );
  return JSON.parse(readFileSync(file, 'utf8')) as SecuredListeners;
}

/** Hookline's settings for the SASL_SSL listener as `user` (hookline unless said), its password from the broker's file. */
export function scramEnv(l: SecuredListeners, user: 'hookline' | 'publisher' = 'hookline'): Record<string, string> {
  return {
    KAFKA_BROKERS: l.saslSsl,
    KAFKA_SECURITY_PROTOCOL: 'SASL_SSL',
    KAFKA_SASL_MECHANISM: l.scramMechanism,
    KAFKA_SASL_USERNAME: user,
    KAFKA_SASL_PASSWORD: readFileSync(l.passwordFiles[user], 'utf8').trim(),
    KAFKA_SSL_CA_FILE: l.caFile,
  };
}

/** A client of the PLAINTEXT listener of the same broker: its principal (ANONYMOUS) is a super user. */
export function superUserKafka(l: SecuredListeners): Kafka {
  return createKafkaClient(AppConfig.fromEnv({ KAFKA_BROKERS: l.plaintext }), { clientId: 'hookline-test-acl-admin' });
}

export type TopicOperation = 'DESCRIBE' | 'READ' | 'WRITE' | 'CREATE' | 'DESCRIBE_CONFIGS' | 'ALTER_CONFIGS';
export interface AclGrant {
  principal: string;
  resource: 'TOPIC' | 'GROUP';
  name: string;
  pattern: 'LITERAL' | 'PREFIXED';
  operations: (TopicOperation | 'DESCRIBE' | 'READ')[];
}

/** Every operation Hookline's principal needs, on everything under one test deployment's prefix (topics and groups). */
export function deploymentGrants(principal: string, prefix: string): AclGrant[] {
  return [
    {
      principal,
      resource: 'TOPIC',
      name: `${prefix}.`,
      pattern: 'PREFIXED',
      operations: ['DESCRIBE', 'READ', 'WRITE', 'CREATE', 'DESCRIBE_CONFIGS', 'ALTER_CONFIGS'],
    },
    { principal, resource: 'GROUP', name: `${prefix}.`, pattern: 'PREFIXED', operations: ['DESCRIBE', 'READ'] },
  ];
}

const aclEntries = (grants: AclGrant[]) =>
  grants.flatMap((g) =>
    g.operations.map((operation) => ({
      resourceType: AclResourceTypes[g.resource],
      resourceName: g.name,
      resourcePatternType: ResourcePatternTypes[g.pattern],
      principal: g.principal,
      host: '*',
      operation: AclOperationTypes[operation],
      permissionType: AclPermissionTypes.ALLOW,
    })),
  );

/** Creates and removes ACLs through the super user's listener; `revokeAll` takes back every grant made. */
export class AclAdmin {
  private admin?: Admin;
  private readonly granted: AclGrant[] = [];

  constructor(private readonly listeners: SecuredListeners) {}

  /** Creates the ACLs; resolves once the broker's authorizer applies them (they go through the metadata log). */
  async grant(grants: AclGrant[]): Promise<void> {
    await (await this.connected()).createAcls({ acl: aclEntries(grants) });
    this.granted.push(...grants);
    await this.settled(grants, true);
  }

  async revoke(grants: AclGrant[]): Promise<void> {
    await (await this.connected()).deleteAcls({ filters: aclEntries(grants) });
    await this.settled(grants, false);
  }

  private async settled(grants: AclGrant[], present: boolean): Promise<void> {
    const admin = await this.connected();
    const applied = async () => {
      for (const entry of aclEntries(grants)) {
        const { resources } = await admin.describeAcls(entry);
        if (resources.some((r) => r.acls.length > 0) !== present) return false;
      }
      return true;
    };
    for (let i = 0; !(await applied()); i++) {
      if (i >= 150) throw new Error(`ACLs not ${present ? 'applied' : 'removed'} within 15 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async revokeAll(): Promise<void> {
    if (this.granted.length > 0) await this.revoke(this.granted.splice(0));
    await this.admin?.disconnect();
    this.admin = undefined;
  }

  private async connected(): Promise<Admin> {
    if (!this.admin) {
      const admin = superUserKafka(this.listeners).admin();
      await admin.connect();
      this.admin = admin;
    }
    return this.admin;
  }
}

/**
 * Kafka's own admin tool (kafka-configs, run from the cached jars as deploy/local/kafka.sh does),
 * against the super user's listener: sets a SCRAM-SHA-512 user's password, creating the user.
 */
export async function setScramPassword(l: SecuredListeners, user: string, password: string): Promise<void> {
  await kafkaTool(l, [
    'kafka.admin.ConfigCommand',
    '--alter',
    '--entity-type',
    'users',
    '--entity-name',
    user,
    '--add-config',
    `SCRAM-SHA-512=[password=${password}]`,
  ]);
}

export async function deleteScramUser(l: SecuredListeners, user: string): Promise<void> {
  await kafkaTool(l, [
    'kafka.admin.ConfigCommand',
    '--alter',
    '--entity-type',
    'users',
    '--entity-name',
    user,
    '--delete-config',
    'SCRAM-SHA-512',
  ]);
}

async function kafkaTool(l: SecuredListeners, args: string[]): Promise<void> {
  const libs = join(projectRoot(), '.cache/kafka/libs/*');
  const log4j = `file:${join(projectRoot(), 'deploy/local/kafka/log4j.properties')}`;
  await run(
    'java',
    ['-Xmx128m', '-cp', libs, `-Dlog4j.configuration=${log4j}`, ...args, '--bootstrap-server', l.plaintext],
    {
      timeout: 120_000,
    },
  );
}

export interface Readiness {
  status: number;
  body: { status: string; info: Record<string, unknown>; error: Record<string, Record<string, string>> };
  text: string;
}

/** An in-process instance's GET /health/ready: its status, body and raw text. */
export async function readinessOf(app: INestApplication): Promise<Readiness> {
  const { port } = app.getHttpServer().address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}/health/ready`);
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as Readiness['body'], text };
}
