import { describe, expect, it } from 'vitest';
import { bookingPageQuery, bookingViewSearch, parseBookingView } from './use-booking-filters';

describe('All Bookings view in the address', () => {
  it('reads filters, size, page and cursor, and writes them back in the same form', () => {
    const search =
      'from=2026-11-23&to=2026-11-29&therapist=5&status=PENDING&type=OFFLINE&q=anita&size=20&page=3&cursor=41';
    const view = parseBookingView(search);
    expect(view).toEqual({
      filters: {
        from: '2026-11-23',
        to: '2026-11-29',
        therapist: '5',
        status: 'PENDING',
        type: 'OFFLINE',
        q: 'anita',
      },
      size: 20,
      page: 3,
      cursor: '41',
    });
    expect(bookingViewSearch(view)).toBe(search);
    expect(Object.fromEntries(bookingPageQuery(view))).toEqual({
      from: '2026-11-23',
      to: '2026-11-29',
      therapist_id: '5',
      status: 'PENDING',
      type: 'OFFLINE',
      q: 'anita',
      limit: '20',
      cursor: '41',
    });
  });

  it('drops what the server would refuse, and a page without its cursor starts at page 1', () => {
    const view = parseBookingView('from=2026-02-30&therapist=0&status=PAID&type=HOME&size=7&page=4&q=%00');
    expect(view).toEqual({ filters: {}, size: 10, page: 1, cursor: undefined });
    expect(parseBookingView('from=2026-11-29&to=2026-11-01').filters).toEqual({ from: '2026-11-29' });
    expect(bookingViewSearch(view)).toBe('');
    expect(bookingPageQuery(view).toString()).toBe('limit=10');
  });
});
