import { Controller, Get, Header, VERSION_NEUTRAL } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { register } from 'prom-client';

/** Prometheus text exposition of every Hookline series plus the Node process defaults. */
@ApiExcludeController()
@Controller({ path: 'metrics', version: VERSION_NEUTRAL })
export class MetricsController {
  @Get()
  @Header('content-type', register.contentType)
  @Header('cache-control', 'no-store')
  metrics(): Promise<string> {
    return register.metrics();
  }
}
