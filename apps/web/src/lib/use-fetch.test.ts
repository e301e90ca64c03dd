import { describe, expect, it } from 'vitest';
import { prefetch, shownState } from './use-fetch';

const rows = { status: 'success', data: ['row'] } as const;
const failed = { status: 'error', error: new Error('Database unavailable') } as const;
const at = (key: string | null, attempt = 0, version = 0) => ({ key, attempt, version });

describe('what the data hook shows', () => {
  it('a spinner until the first answer, and for another key', () => {
    expect(shownState(null, at('bookings'), false)).toEqual({ status: 'loading', refreshing: false });
    const settled = { key: 'slots:1', attempt: 0, version: 0, state: rows };
    expect(shownState(settled, at('slots:2'), false)).toEqual({ status: 'loading', refreshing: false });
  });

  it('the answer of the current load', () => {
    const settled = { key: 'bookings', attempt: 0, version: 0, state: rows };
    expect(shownState(settled, at('bookings'), false)).toEqual({ ...rows, refreshing: false });
    const error = { key: 'bookings', attempt: 0, version: 0, state: failed };
    expect(shownState(error, at('bookings'), false)).toEqual({ ...failed, refreshing: false });
  });

  it('the last rows, refreshing, while a new version or a refresh loads', () => {
    const settled = { key: 'bookings', attempt: 0, version: 0, state: rows };
    expect(shownState(settled, at('bookings', 0, 1), false)).toEqual({ ...rows, refreshing: true });
    expect(shownState(settled, at('bookings', 1, 0), false)).toEqual({ ...rows, refreshing: true });
  });

  it('with keepPrevious, the last rows, refreshing, while another key loads; a spinner after an error', () => {
    const settled = { key: 'bookings?page=1', attempt: 0, version: 0, state: rows };
    expect(shownState(settled, at('bookings?page=2'), false, true)).toEqual({ ...rows, refreshing: true });
    expect(shownState(settled, at('bookings?page=1'), false, true)).toEqual({ ...rows, refreshing: false });
    const error = { key: 'bookings?page=1', attempt: 0, version: 0, state: failed };
    expect(shownState(error, at('bookings?page=2'), false, true)).toEqual({
      status: 'loading',
      refreshing: false,
    });
  });

  it('a spinner again on Retry after an error, not the old error', () => {
    const error = { key: 'bookings', attempt: 0, version: 0, state: failed };
    expect(shownState(error, at('bookings', 1), false)).toEqual({ status: 'loading', refreshing: false });
    expect(shownState(error, at('bookings', 0, 1), false)).toEqual({ status: 'loading', refreshing: false });
  });

  it('a cached answer at once, even before the hook has settled', async () => {
    await prefetch('test:therapists', async () => ['Asha']);
    expect(shownState(null, at('test:therapists'), true)).toEqual({
      status: 'success',
      data: ['Asha'],
      refreshing: false,
    });
    expect(shownState(null, at('test:therapists'), false)).toEqual({ status: 'loading', refreshing: false });
  });

  it('does not keep a failed load in the cache, so the next one asks again', async () => {
    await expect(prefetch('test:services', async () => Promise.reject(new Error('offline')))).rejects.toThrow(
      'offline',
    );
    await expect(prefetch('test:services', async () => ['Counselling'])).resolves.toEqual(['Counselling']);
  });
});
