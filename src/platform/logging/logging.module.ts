import { Global, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig } from '../config/app-config.js';
import { loggerParams } from './logger-options.js';

/** Structured JSON logs (see loggerParams); bootstrap makes pino Nest's application logger. */
@Global()
@Module({
  imports: [
    LoggerModule.forRootAsync({ inject: [AppConfig], useFactory: (config: AppConfig) => loggerParams(config) }),
  ],
  exports: [LoggerModule],
})
export class LoggingModule {}
