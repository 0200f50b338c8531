import { ServiceProcess } from '../../src/devtools/service-process.js';
import { operatorEnv, testRunId } from '../support/test-config.js';

/** The built service as an operator runs it: ready only with its dependencies, and a clean SIGTERM. */
describe('service lifecycle', () => {
  const service = new ServiceProcess(operatorEnv(testRunId()));

  afterAll(() => service.stop());

  it('answers liveness and readiness once Postgres and Kafka answer', async () => {
    service.start();
    await service.waitReady();
    const live = await fetch(`${service.baseUrl}/health/live`);
    expect(live.status).toBe(200);
    const ready = (await (await fetch(`${service.baseUrl}/health/ready`)).json()) as { info: Record<string, unknown> };
    expect(Object.keys(ready.info).sort()).toEqual(['kafka', 'pipeline', 'postgres']);
  });

  it('drains and exits 0 on SIGTERM', async () => {
    expect(await service.stop()).toBe(0);
    expect(service.output.join('\n')).toContain('SIGTERM: draining');
  });
});
