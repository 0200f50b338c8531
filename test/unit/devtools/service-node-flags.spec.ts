import { serviceNodeFlags } from '../../../src/devtools/service-process.js';

describe('serviceNodeFlags', () => {
  it('gives the service a bounded heap and a larger young generation by default', () => {
    expect(serviceNodeFlags('')).toEqual(['--max-old-space-size=384', '--max-semi-space-size=32']);
  });

  it('leaves each to NODE_OPTIONS when it names one', () => {
    expect(serviceNodeFlags('--max-old-space-size=256')).toEqual(['--max-semi-space-size=32']);
    expect(serviceNodeFlags('--max-semi-space-size=16 --enable-source-maps')).toEqual(['--max-old-space-size=384']);
    expect(serviceNodeFlags('--max-old-space-size=256 --max-semi-space-size=16')).toEqual([]);
  });
});
