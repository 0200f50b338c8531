import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from './platform/config/app-config.js';
import { PipelineTopology } from './platform/kafka/pipeline-topology.js';
import { pipelineTopology, TopicNames, topicNamesOf } from './topology.js';

/**
 * Hands the platform the pipeline this configuration describes (the boot fails when it is
 * inconsistent), and every module the one TopicNames it names its topics with.
 */
@Module({})
export class TopologyModule {
  static forRoot(config: AppConfig): DynamicModule {
    // The names every module is given are the ones the topology was checked against.
    const names = topicNamesOf(config);
    return {
      module: TopologyModule,
      global: true,
      providers: [
        { provide: PipelineTopology, useValue: pipelineTopology(config, names) },
        { provide: TopicNames, useValue: names },
      ],
      exports: [PipelineTopology, TopicNames],
    };
  }
}
