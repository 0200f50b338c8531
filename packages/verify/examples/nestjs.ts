/**
 * NestJS (Express platform): verify a Hookline delivery over the raw body bytes.
 * In your app, import from '@hookline/verify' instead of '../src/index.js'.
 *
 * The trap: Nest parses JSON before any guard runs. `NestFactory.create(…, { rawBody: true })`
 * keeps the received bytes as req.rawBody beside the parsed req.body; the guard verifies those.
 */
import {
  Body,
  CanActivate,
  Controller,
  ExecutionContext,
  HttpCode,
  Inject,
  Injectable,
  Module,
  Post,
  UnauthorizedException,
  UseGuards,
  type DynamicModule,
  type INestApplication,
  type RawBodyRequest,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Request } from 'express';
import { verifyWebhook, WebhookVerificationError, type VerifyOptions } from '../src/index.js';

export const HOOKLINE_VERIFY_OPTIONS = Symbol('HOOKLINE_VERIFY_OPTIONS');

@Injectable()
export class HooklineSignatureGuard implements CanActivate {
  constructor(@Inject(HOOKLINE_VERIFY_OPTIONS) private readonly options: VerifyOptions) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<RawBodyRequest<Request>>();
    if (!request.rawBody) throw new Error('HooklineSignatureGuard needs NestFactory.create(…, { rawBody: true })');
    try {
      verifyWebhook(request.rawBody, request.headers, this.options);
      return true;
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      throw new UnauthorizedException({ error: { code: error.code, message: error.message } });
    }
  }
}

@Controller('webhooks')
export class HooklineWebhooksController {
  @Post('hookline')
  @HttpCode(200)
  @UseGuards(HooklineSignatureGuard)
  receive(@Body() event: { id: string }) {
    return { received: event.id };
  }
}

@Module({})
export class HooklineWebhooksModule {
  static forRoot(options: VerifyOptions): DynamicModule {
    return {
      module: HooklineWebhooksModule,
      controllers: [HooklineWebhooksController],
      providers: [{ provide: HOOKLINE_VERIFY_OPTIONS, useValue: options }, HooklineSignatureGuard],
    };
  }
}

export async function createNestReceiver(options: VerifyOptions): Promise<INestApplication> {
  return NestFactory.create(HooklineWebhooksModule.forRoot(options), { rawBody: true, logger: false });
}
