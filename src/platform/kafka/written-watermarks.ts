import { Injectable } from '@nestjs/common';

type Source = () => [partition: number, below: number][];

/**
 * How far the records this instance reads have their own writes durable, per topic and partition:
 * every record below the watermark is finished, or its handler said its writes are done and only
 * hand-offs remain (InboundMessage.markWritten). A record's offset is committed only once it is
 * finished, so the committed offset can trail this by a whole delivery; readers of what ingest
 * writes (the ordered lane's settling) need only this. Empty for topics read elsewhere.
 */
@Injectable()
export class WrittenWatermarks {
  private readonly sources = new Map<string, Source>();

  /** The pipeline's consumer of `topic` registers its trackers. */
  register(topic: string, source: Source): void {
    this.sources.set(topic, source);
  }

  /** Per partition of `topic` this instance reads now: the offset below which every record is written. */
  of(topic: string): Map<number, number> {
    const watermarks = new Map<number, number>();
    for (const [partition, below] of this.sources.get(topic)?.() ?? []) if (below > 0) watermarks.set(partition, below);
    return watermarks;
  }
}
