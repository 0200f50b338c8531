import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { CircuitController } from './circuit.controller.js';
import { FailuresModule } from '../delivery/failures/failures.module.js';

/** GET /v1/webhooks/{id}/circuit (role api). */
@Module({ imports: [AuthModule, FailuresModule], controllers: [CircuitController] })
export class CircuitApiModule {}
