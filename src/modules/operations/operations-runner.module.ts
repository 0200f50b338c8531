import { Module } from '@nestjs/common';
import { AttemptLogModule } from '../delivery/attempt-log/attempt-log.module.js';
import { DeadLettersModule } from '../dead-letters/dead-letters.module.js';
import { EventHistoryModule } from '../events/event-history.module.js';
import { SequenceAllocator } from '../events/sequence-allocator.js';
import { ManualTasks } from './manual-tasks.js';
import { OperationsCoreModule } from './operations-core.module.js';
import { RecoveryEvents } from './recoveries/recovery-events.js';
import { RecoveryHandler } from './recoveries/recovery.handler.js';
import { RedriveHandler } from './redrives/redrive.handler.js';
import { operationHandler, OperationHandlersModule } from './runner/operation-handler.js';
import { OperationLeasesRepository } from './runner/operation-leases.repository.js';
import { OperationsRunner } from './runner/operations-runner.js';

/**
 * Role operations: the runner and the handlers of the kinds operations owns (recovery, redrive).
 * Other kinds are registered by their own modules (reports' ReportsWorkModule), composed beside
 * this one by the app; the runner refuses to start while a kind has no handler.
 */
@Module({
  imports: [OperationsCoreModule, OperationHandlersModule, AttemptLogModule, DeadLettersModule, EventHistoryModule],
  providers: [
    OperationLeasesRepository,
    OperationsRunner,
    ManualTasks,
    SequenceAllocator,
    RecoveryEvents,
    ...operationHandler(RecoveryHandler),
    ...operationHandler(RedriveHandler),
  ],
})
export class OperationsRunnerModule {}
