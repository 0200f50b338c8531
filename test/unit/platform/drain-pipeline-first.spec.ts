import { Injectable, Module, type INestApplication, type OnModuleDestroy } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { drainPipelineFirst } from '../../../src/bootstrap.js';

const order: string[] = [];

/** Stands for the producer and the database: what the records in flight still need while they finish. */
@Injectable()
class Resource implements OnModuleDestroy {
  onModuleDestroy(): void {
    order.push('modules destroyed');
  }
}

@Module({ providers: [Resource] })
class ResourceModule {}

/**
 * A graceful stop drains the pipeline before Nest destroys the modules its handlers use. On the
 * real application object (a Proxy whose `set` ignores assignments to methods), not a stand-in:
 * an override that does not take is exactly how records were once cut off and delivered twice.
 */
describe('drainPipelineFirst', () => {
  let app: INestApplication;

  beforeEach(async () => {
    order.length = 0;
    app = await NestFactory.create(ResourceModule, { logger: false, abortOnError: false });
  });

  it('closes the pipeline, finished, before any module is destroyed', async () => {
    const pipeline = {
      close: async () => {
        order.push('drain started');
        await new Promise((r) => setTimeout(r, 50));
        order.push('drained');
      },
    };
    drainPipelineFirst(app, pipeline);
    await app.init();
    await app.close();
    expect(order).toEqual(['drain started', 'drained', 'modules destroyed']);
  });

  it("still runs Nest's own close after the drain", async () => {
    let drains = 0;
    drainPipelineFirst(app, { close: async () => void drains++ });
    await app.init();
    await app.close();
    expect(drains).toBe(1);
    expect(order).toEqual(['modules destroyed']);
  });
});
