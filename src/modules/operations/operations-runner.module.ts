import { Module } from '@nestjs/common';
import { SequenceAllocator } from '../events/sequence-allocator.js';
import { ReportHandler } from '../reports/report.handler.js';
import { ReportsWorkModule } from '../reports/reports-work.module.js';
import { ManualTasks } from './manual-tasks.js';
import { OperationsCoreModule } from './operations-core.module.js';
import { RecoveryEventsRepository } from './recoveries/recovery-events.repository.js';
import { RecoveryHandler } from './recoveries/recovery.handler.js';
import { RedrivableDeadLettersRepository } from './redrives/redrivable-dead-letters.repository.js';
import { RedriveHandler } from './redrives/redrive.handler.js';
import { OPERATION_HANDLERS, type OperationHandler } from './runner/operation-handler.js';
import { OperationLeasesRepository } from './runner/operation-leases.repository.js';
import { OperationsRunner } from './runner/operations-runner.js';

/** Role operations: the runner and one handler per operation kind. */
@Module({
  imports: [OperationsCoreModule, ReportsWorkModule],
  providers: [
    OperationLeasesRepository,
    OperationsRunner,
    ManualTasks,
    SequenceAllocator,
    RecoveryEventsRepository,
    RecoveryHandler,
    RedrivableDeadLettersRepository,
    RedriveHandler,
    {
      provide: OPERATION_HANDLERS,
      useFactory: (...handlers: OperationHandler[]) => handlers,
      inject: [ReportHandler, RecoveryHandler, RedriveHandler],
    },
  ],
})
export class OperationsRunnerModule {}
