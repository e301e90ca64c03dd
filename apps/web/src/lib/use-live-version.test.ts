import { describe, expect, it } from 'vitest';
import { LIVE_MIN_GAP_MS, liveReloadDue } from './use-live-version';

describe('when a live screen reloads', () => {
  it('only while the page is seen', () => {
    expect(liveReloadDue(0, 60_000, true)).toBe(true);
    expect(liveReloadDue(0, 60_000, false)).toBe(false);
  });

  it('once for a focus and a visibility change that come together', () => {
    expect(liveReloadDue(10_000, 10_000 + LIVE_MIN_GAP_MS - 1, true)).toBe(false);
    expect(liveReloadDue(10_000, 10_000 + LIVE_MIN_GAP_MS, true)).toBe(true);
  });
});
