import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

type OtlpValue = {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
  arrayValue?: { values?: OtlpValue[] };
};
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string | number;
  endTimeUnixNano: string | number;
  attributes?: OtlpAttribute[];
  links?: { traceId: string; spanId: string; attributes?: OtlpAttribute[] }[];
}
interface OtlpExport {
  resourceSpans: { resource?: { attributes?: OtlpAttribute[] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
}

export type AttributeValue = string | number | boolean;

/** A span as the collector received it, its attributes flattened. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: 'internal' | 'server' | 'client' | 'producer' | 'consumer';
  startNs: bigint;
  endNs: bigint;
  attributes: Record<string, AttributeValue>;
  links: { traceId: string; spanId: string; attributes: Record<string, AttributeValue> }[];
  /** The attributes of the resource that sent it (service.name, …). */
  resource: Record<string, AttributeValue>;
}

const KINDS = ['internal', 'internal', 'server', 'client', 'producer', 'consumer'] as const;

/** Arrays as their JSON text; an empty array reads as '' (as empty as an empty string). */
const valueOf = (v: OtlpValue): AttributeValue => {
  if (v.arrayValue) return v.arrayValue.values?.length ? JSON.stringify(v.arrayValue.values.map(valueOf)) : '';
  return v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : (v.boolValue ?? v.doubleValue ?? ''));
};
const flatten = (attributes: OtlpAttribute[] = []) =>
  Object.fromEntries(attributes.map((a) => [a.key, valueOf(a.value)]));

/**
 * A collector for tests: a plain HTTP server taking OTLP/HTTP JSON exports on /v1/traces, as an
 * OpenTelemetry Collector would, and keeping every span it was sent.
 */
export class OtlpReceiver {
  readonly paths: string[] = [];
  private readonly received: ReceivedSpan[] = [];
  private server?: Server;

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.paths.push(req.url ?? '');
        this.accept(JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
  }

  /** What OTEL_EXPORTER_OTLP_ENDPOINT is set to. */
  get endpoint(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  spans(): ReceivedSpan[] {
    return [...this.received];
  }

  trace(traceId: string): ReceivedSpan[] {
    return this.received.filter((s) => s.traceId === traceId);
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((r) => this.server?.close(r));
  }

  private accept(body: OtlpExport): void {
    for (const rs of body.resourceSpans)
      for (const ss of rs.scopeSpans)
        for (const s of ss.spans)
          this.received.push({
            traceId: s.traceId,
            spanId: s.spanId,
            parentSpanId: s.parentSpanId || undefined,
            name: s.name,
            kind: KINDS[s.kind] ?? 'internal',
            startNs: BigInt(s.startTimeUnixNano),
            endNs: BigInt(s.endTimeUnixNano),
            attributes: flatten(s.attributes),
            links: (s.links ?? []).map((l) => ({
              traceId: l.traceId,
              spanId: l.spanId,
              attributes: flatten(l.attributes),
            })),
            resource: flatten(rs.resource?.attributes),
          });
  }
}
