import { Controller, Get, Logger, Res, VERSION_NEUTRAL } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { ApiExcludeController } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { KafkaService } from '../../platform/kafka/kafka.service.js';
import { PipelineHealth, type HealthVerdict } from '../../platform/kafka/pipeline-health.js';

const POSTGRES_TIMEOUT_MS = 2_000;

type Check = { status: 'up' } | { status: 'down'; code: string; topic?: string; group?: string };
interface HealthBody {
  status: 'ok' | 'error';
  info: Record<string, Check>;
  error: Record<string, Check>;
}

/**
 * Liveness answers while the process runs and has not been unable to produce for long; readiness
 * only while Postgres and Kafka answer and the pipeline can move records (it produced since its
 * last produce error, is not refused by Kafka, and is not parking records as processing_error).
 * The bodies carry reason codes (docs/errors.md, "Readiness reasons") and, for Kafka, the topic or
 * group at fault, never an internal message: the details go to the log, once per change.
 */
@ApiExcludeController()
@Controller({ path: 'health', version: VERSION_NEUTRAL })
export class HealthController {
  private readonly log = new Logger('Health');
  private readonly reported = new Map<string, string>();

  constructor(
    private readonly db: DataSource,
    private readonly kafka: KafkaService,
    private readonly pipeline: PipelineHealth,
  ) {}

  @Get('live')
  live(@Res({ passthrough: true }) res: ServerResponse): HealthBody {
    return this.answer(res, 'live', { pipeline: this.pipeline.liveness() });
  }

  @Get('ready')
  async ready(@Res({ passthrough: true }) res: ServerResponse): Promise<HealthBody> {
    const [postgres, kafka] = await Promise.all([this.postgres(), this.kafka.clusterVerdict()]);
    return this.answer(res, 'ready', { postgres, kafka, pipeline: this.pipeline.readiness() });
  }

  private async postgres(): Promise<HealthVerdict> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${POSTGRES_TIMEOUT_MS} ms`)), POSTGRES_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.db.query('SELECT 1'), timeout]);
      return { ok: true };
    } catch (error) {
      return { ok: false, code: 'postgres_unavailable', detail: (error as Error).message };
    } finally {
      clearTimeout(timer);
    }
  }

  private answer(res: ServerResponse, probe: string, verdicts: Record<string, HealthVerdict>): HealthBody {
    const body: HealthBody = { status: 'ok', info: {}, error: {} };
    for (const [name, verdict] of Object.entries(verdicts)) {
      this.report(`${probe} ${name}`, verdict);
      if (verdict.ok) body.info[name] = { status: 'up' };
      else body.error[name] = { status: 'down', ...served(verdict) };
    }
    if (Object.keys(body.error).length > 0) {
      body.status = 'error';
      res.statusCode = 503;
    }
    return body;
  }

  /** Logs a check's details when its verdict changes, not at every probe. */
  private report(check: string, verdict: HealthVerdict): void {
    const signature = verdict.ok ? 'up' : JSON.stringify(served(verdict));
    const before = this.reported.get(check) ?? 'up';
    this.reported.set(check, signature);
    if (signature === before) return;
    if (verdict.ok) this.log.log(`${check}: up again`);
    else this.log.warn(`${check}: down, ${signature}: ${verdict.detail ?? ''}`);
  }
}

/** What a body shows of a failed check: its code and the Kafka resource, nothing else. */
function served({ code, topic, group }: HealthVerdict): { code: string; topic?: string; group?: string } {
  return {
    code: code ?? 'not_ready',
    ...(topic ? { topic } : {}),
    ...(group ? { group } : {}),
  };
}
