import { createConnection, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

const METADATA = 3;
const FIND_COORDINATOR = 10;

/**
 * A TCP proxy in front of the shared single-node broker that a test can cut and restore, so that
 * one service instance loses its broker while every other client of the shared stack keeps it.
 * Kafka clients connect to the addresses the broker advertises, so the proxy rewrites the broker
 * and coordinator addresses in Metadata (v0-v8) and FindCoordinator (v0-v2) answers to its own:
 * every connection of the client then goes through it. Binds 127.0.0.1 on a port the OS picks.
 */
export class KafkaProxy {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly upstream = { host: '127.0.0.1', port: 9092 }) {}

  get address(): string {
    return `127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    this.server = createServer((client) => this.relay(client));
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  /** The broker is gone for the client: connections drop and new ones are refused. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    this.sockets.forEach((s) => s.destroy());
    this.sockets.clear();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  /** The broker is back on the same address. */
  async restore(): Promise<void> {
    await this.start();
  }

  async stop(): Promise<void> {
    await this.cut();
  }

  private relay(client: Socket): void {
    const server = createConnection(this.upstream);
    this.sockets.add(client).add(server);
    const requests = new Map<number, { apiKey: number; version: number }>();
    const close = () => {
      client.destroy();
      server.destroy();
      this.sockets.delete(client);
      this.sockets.delete(server);
    };
    client.on('error', close).on('close', close);
    server.on('error', close).on('close', close);
    client.on(
      'data',
      frames((frame) => {
        requests.set(frame.readInt32BE(8), { apiKey: frame.readInt16BE(4), version: frame.readInt16BE(6) });
        server.write(frame);
      }),
    );
    server.on(
      'data',
      frames((frame) => {
        const correlation = frame.readInt32BE(4);
        const request = requests.get(correlation);
        requests.delete(correlation);
        client.write(request ? this.rewrite(frame, request.apiKey, request.version) : frame);
      }),
    );
  }

  private rewrite(frame: Buffer, apiKey: number, version: number): Buffer {
    if (apiKey === METADATA && version <= 8) return this.rewriteMetadata(frame, version);
    if (apiKey === FIND_COORDINATOR && version <= 2) return this.rewriteCoordinator(frame, version);
    return frame;
  }

  /** brokers: [node_id int32, host string, port int32, rack nullable string (v1+)], after throttle (v3+). */
  private rewriteMetadata(frame: Buffer, version: number): Buffer {
    let at = 8 + (version >= 3 ? 4 : 0);
    const count = frame.readInt32BE(at);
    const head = frame.subarray(0, at + 4);
    at += 4;
    const brokers: Buffer[] = [];
    for (let i = 0; i < count; i++) {
      const nodeId = frame.readInt32BE(at);
      at += 4;
      at += 2 + frame.readInt16BE(at); // host
      at += 4; // port
      let rack: Buffer = Buffer.alloc(0);
      if (version >= 1) {
        const length = frame.readInt16BE(at);
        rack = frame.subarray(at, at + 2 + Math.max(0, length));
        at += 2 + Math.max(0, length);
      }
      brokers.push(Buffer.concat([int32(nodeId), this.hostAndPort(), rack]));
    }
    return resized(Buffer.concat([head, ...brokers, frame.subarray(at)]));
  }

  /** [throttle int32, error int16, message nullable string (v1+)], node_id int32, host string, port int32. */
  private rewriteCoordinator(frame: Buffer, version: number): Buffer {
    let at = 8;
    if (version >= 1) {
      at += 4 + 2;
      const length = frame.readInt16BE(at);
      at += 2 + Math.max(0, length);
    } else at += 2;
    at += 4; // node id
    const head = frame.subarray(0, at);
    at += 2 + frame.readInt16BE(at) + 4;
    return resized(Buffer.concat([head, this.hostAndPort(), frame.subarray(at)]));
  }

  private hostAndPort(): Buffer {
    const host = Buffer.from('127.0.0.1');
    const length = Buffer.alloc(2);
    length.writeInt16BE(host.length);
    return Buffer.concat([length, host, int32(this.port)]);
  }
}

const int32 = (value: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(value);
  return b;
};

/** The frame with its size prefix set to its new length. */
function resized(frame: Buffer): Buffer {
  frame.writeInt32BE(frame.length - 4, 0);
  return frame;
}

/** Reassembles size-prefixed Kafka frames from a stream of chunks. */
function frames(onFrame: (frame: Buffer) => void): (chunk: Buffer) => void {
  let pending: Buffer = Buffer.alloc(0);
  return (chunk) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    while (pending.length >= 4) {
      const size = pending.readInt32BE(0);
      if (pending.length < 4 + size) break;
      onFrame(Buffer.from(pending.subarray(0, 4 + size)));
      pending = pending.subarray(4 + size);
    }
  };
}
