import { Module } from '@nestjs/common';
import { MatchingModule } from '../matching/matching.module.js';
import { LaneIntakeRepository } from './lane/lane-intake.repository.js';
import { OrderedIntake } from './ordered-intake.js';

/** What ingest needs of ordered delivery: the key of each event and the lane's intake, nothing of dispatch. */
@Module({
  imports: [MatchingModule],
  providers: [OrderedIntake, LaneIntakeRepository],
  exports: [OrderedIntake],
})
export class OrderingIntakeModule {}
