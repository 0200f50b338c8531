import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OperationEntity } from './operation.entity.js';
import { OperationsRepository } from './operations.repository.js';
import { OperationsService } from './operations.service.js';
import { SubscriptionLookup } from './subscription-lookup.js';

/** Operations storage and the tenant-facing service, shared by the API modules that start operations. */
@Module({
  imports: [TypeOrmModule.forFeature([OperationEntity])],
  providers: [OperationsRepository, OperationsService, SubscriptionLookup],
  exports: [OperationsService, SubscriptionLookup],
})
export class OperationsCoreModule {}
