import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { DeadLettersController } from './dead-letters.controller.js';
import { DeadLettersModule } from './dead-letters.module.js';

/** Role api: GET /v1/dead-letters, the tenant's dead letters. */
@Module({ imports: [DeadLettersModule, AuthModule], controllers: [DeadLettersController] })
export class DeadLettersApiModule {}
