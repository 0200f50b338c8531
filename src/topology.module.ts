import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from './platform/config/app-config.js';
import { PipelineTopology } from './platform/kafka/pipeline-topology.js';
import { pipelineTopology } from './topology.js';

/** Hands the platform the pipeline this configuration describes (the boot fails when it is inconsistent). */
@Module({})
export class TopologyModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: TopologyModule,
      global: true,
      providers: [{ provide: PipelineTopology, useValue: pipelineTopology(config) }],
      exports: [PipelineTopology],
    };
  }
}
