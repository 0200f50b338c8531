import { Module } from '@nestjs/common';
import { AttemptLog } from './attempt-log.js';

/** The attempt log's repository, for the modules that read it (delivery log, reports, recoveries). */
@Module({ providers: [AttemptLog], exports: [AttemptLog] })
export class AttemptLogModule {}
