import { Global, Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config.js';
import { connect, dataSourceOptions } from './data-source.js';

@Global()
@Module({})
export class DatabaseModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => ({
            ...dataSourceOptions(config),
            autoLoadEntities: true,
            migrationsRun: config.database.migrateOnStart,
            retryAttempts: 0,
          }),
          // Connects once with a clear error instead of the module's silent retry loop.
          dataSourceFactory: async (options) => connect(new DataSource(options!), config),
        }),
      ],
    };
  }
}
