import { describe, expect, it } from 'vitest';
import { recordingLog } from '../../test/recording-log.ts';
import { createPassBackoff } from './pass-backoff.ts';

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('the job worker between failed passes', () => {
  it('waits twice as long after each failure, up to 16 polls or 30 s, and polls again once a pass works', () => {
    const { log } = recordingLog();
    const backoff = createPassBackoff(log, 2000);
    const waits = [backoff.nextDelayMs()];
    for (let failure = 0; failure < 6; failure++) {
      backoff.failed(refused);
      waits.push(backoff.nextDelayMs());
    }
    expect(waits).toEqual([2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    backoff.passed();
    expect(backoff.nextDelayMs()).toBe(2000);

    const quick = createPassBackoff(log, 50);
    for (let failure = 0; failure < 10; failure++) quick.failed(refused);
    expect(quick.nextDelayMs()).toBe(800);
  });

  it('warns about an unreachable database on the 1st, 2nd, 4th, 8th… failure, then says once it resumed', () => {
    const { lines, log } = recordingLog();
    const backoff = createPassBackoff(log, 2000);
    for (let failure = 0; failure < 100; failure++) backoff.failed(refused);
    backoff.passed();
    expect(lines.map((line) => [line.level, line.fields.failedPasses])).toEqual([
      ['warn', 1],
      ['warn', 2],
      ['warn', 4],
      ['warn', 8],
      ['warn', 16],
      ['warn', 32],
      ['warn', 64],
      ['info', 100],
    ]);
    expect(lines[0]?.fields.database).toEqual({ code: 'ECONNREFUSED', message: refused.message });
  });

  it('still reports every other failure as an error', () => {
    const { lines, log } = recordingLog();
    const backoff = createPassBackoff(log, 2000);
    backoff.failed(new TypeError('a bug'));
    backoff.failed(new TypeError('a bug'));
    expect(lines.map((line) => line.level)).toEqual(['error', 'error']);
  });
});
