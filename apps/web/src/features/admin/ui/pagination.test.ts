import { describe, expect, it } from 'vitest';
import { pageRange } from './pagination';

describe('the range under an admin list', () => {
  it('groups a big count the Indian way', () => {
    expect(pageRange({ first: 11, last: 20, total: 1_000_406, noun: 'bookings' })).toBe(
      '11–20 of 10,00,406 bookings',
    );
    expect(pageRange({ first: 1, last: 7, total: 7, noun: 'therapists' })).toBe('1–7 of 7 therapists');
  });

  it('says only whether more follow where the server does not count', () => {
    expect(
      pageRange({ first: 24_991, last: 25_000, total: 25_000, noun: 'clients', uncounted: true, more: true }),
    ).toBe('Clients 24,991–25,000, more follow');
    expect(pageRange({ first: 1, last: 4, total: 4, noun: 'entries', uncounted: true, more: false })).toBe(
      'Entries 1–4',
    );
  });
});
