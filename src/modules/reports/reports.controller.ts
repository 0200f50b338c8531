import { Body, Controller, Get, HttpCode, Param, Post, Req, Res, UseInterceptors, UsePipes } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBody,
  ApiExtraModels,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError } from '../../platform/errors/app-error.js';
import { negotiatesItself } from '../../platform/http/content-negotiation.js';
import { ApiErrors } from '../../platform/http/error-body.dto.js';
import { acceptsJson, acceptsMediaType } from '../../platform/http/media-type.js';
import { apiValidationPipe } from '../../platform/http/validation.js';
import { RequireScope, TenantId } from '../auth/api-key.guard.js';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor.js';
import { OperationIdPipe } from '../operations/operation-id.pipe.js';
import { accepted } from '../operations/operation-view.js';
import { OperationStarted } from '../operations/operations.dto.js';
import { IDEMPOTENCY_DOC } from '../idempotency/idempotency-header.doc.js';
import type { ReportFormat, ReportParameters } from './report.handler.js';
import { CreateReportDto, ReportDocument } from './report.dto.js';
import { csvHeader, csvLines, jsonClosing, jsonLines, jsonOpening, type ReportHeader } from './report-format.js';
import { ReportsService } from './reports.service.js';

// GET /v1/reports/{id} also produces text/csv, so it answers its own 406.
negotiatesItself(/^\/v1\/reports\/[^/]+$/);

const MEDIA_TYPE = { csv: 'text/csv', json: 'application/json' } as const;

@ApiTags('operations')
@Controller({ path: 'reports', version: '1' })
@UsePipes(apiValidationPipe)
@UseInterceptors(IdempotencyInterceptor)
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Post()
  @RequireScope('write')
  @HttpCode(202)
  @ApiOperation({ summary: 'Start a delivery report: attempts, success ratio, latency p50/p95/p99' })
  @ApiBody({ type: CreateReportDto })
  @ApiHeader(IDEMPOTENCY_DOC)
  @ApiAcceptedResponse({ type: OperationStarted, description: 'Location: /v1/operations/{id}' })
  @ApiErrors(400, 401, 403, 404, 406, 413, 415, 422, 429)
  async start(
    @TenantId() tenantId: string,
    @Body() body: CreateReportDto,
    @Res({ passthrough: true }) res: ServerResponse,
  ) {
    return accepted(res, await this.reports.start(tenantId, body));
  }

  @Get(':id')
  @RequireScope('read')
  @ApiExtraModels(ReportDocument)
  @ApiOperation({ summary: 'A completed report, streamed as the CSV or JSON it was requested in' })
  @ApiOkResponse({
    content: {
      'text/csv': { schema: { type: 'string' } },
      'application/json': { schema: { $ref: getSchemaPath(ReportDocument) } },
    },
  })
  @ApiErrors(401, 403, 404, 406, 409, 429)
  async get(
    @TenantId() tenantId: string,
    @Param('id', OperationIdPipe) id: string,
    @Req() req: IncomingMessage,
    @Res() res: ServerResponse,
  ): Promise<void> {
    const operation = await this.reports.completed(tenantId, id);
    const p = operation.parameters as unknown as ReportParameters;
    const type = MEDIA_TYPE[p.format];
    const acceptable =
      p.format === 'json' ? acceptsJson(req.headers.accept) : acceptsMediaType(req.headers.accept, type);
    if (!acceptable)
      throw new AppError('NOT_ACCEPTABLE', `This report was produced as ${p.format}; accept ${type} to read it.`);

    res.statusCode = 200;
    res.setHeader('Content-Type', `${type}; charset=utf-8`);
    res.setHeader('Content-Disposition', `attachment; filename="report-${id}.${p.format}"`);
    await this.stream(res, tenantId, p.format, {
      id,
      subscription_id: p.subscription_id,
      from: p.from,
      to: p.to,
      generated_at: operation.finishedAt!.toISOString(),
    });
  }

  /** Writes the report's rows as they are read, page by page, at the pace the client reads them. */
  private async stream(
    res: ServerResponse,
    tenantId: string,
    format: ReportFormat,
    header: ReportHeader,
  ): Promise<void> {
    const write = async (text: string) => {
      if (!res.write(text)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
      if (res.destroyed) throw new Error('client went away');
    };
    try {
      await write(format === 'csv' ? csvHeader() : jsonOpening(header));
      let first = true;
      for await (const rows of this.reports.pages(tenantId, header.id)) {
        await write(format === 'csv' ? csvLines(rows) : jsonLines(rows, first));
        first = false;
      }
      if (format === 'json') await write(jsonClosing());
      res.end();
    } catch {
      // Headers are gone: the only honest signal left is an incomplete response.
      res.destroy();
    }
  }
}
