import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SubscriptionStoreModule } from '../subscriptions/subscription-store.module.js';
import { OperationEntity } from './operation.entity.js';
import { OperationsRepository } from './operations.repository.js';
import { OperationsService } from './operations.service.js';

/** Operations storage and the tenant-facing service, shared by the API modules that start operations. */
@Module({
  imports: [TypeOrmModule.forFeature([OperationEntity]), SubscriptionStoreModule],
  providers: [OperationsRepository, OperationsService],
  exports: [OperationsService, SubscriptionStoreModule],
})
export class OperationsCoreModule {}
