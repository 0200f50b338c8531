import { Module } from '@nestjs/common';
import { PartitionMaintenance } from './partition-maintenance.service.js';

/** Imported by every module that writes partitioned tables; Nest instantiates it once. */
@Module({ providers: [PartitionMaintenance] })
export class PartitionMaintenanceModule {}
