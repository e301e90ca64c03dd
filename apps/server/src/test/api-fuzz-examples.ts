import fc from 'fast-check';
import { PASSWORD } from './admin-test-kit.ts';
import { joinPayload } from './waitlist-kit.ts';

/**
 * Valid requests of the demo data, one arbitrary per route, for the generated requests of
 * api-fuzz-requests.ts to start from and then spoil a field or two: a request a schema merely
 * allows rarely passes the handler's own checks, and the handlers are what the fuzz is after.
 * Dates suit the tests' fixed "now", 2026-11-22 (admin-test-kit.ts).
 */

const dates = fc.constantFrom('2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-12-06');
const starts = fc.constantFrom('09:00', '10:00', '11:00', '12:00', '16:00', '17:00:00');
const bookingIds = fc.integer({ min: 1000, max: 1012 });
const client = {
  client_full_name: 'Asha Client',
  client_email: 'client@example.com',
  client_mobile: '9876543210',
  client_note: 'First session',
  terms_accepted: true,
  client_age: 30,
  client_session_type: 'individual',
};

const onlineBooking = fc.record({ therapist_id: fc.constantFrom(1, 2), booking_date: dates }).chain((base) =>
  starts.map((start) => ({
    ...client,
    ...base,
    booking_time_slot_start: start,
    booking_type: 'ONLINE',
    location_id: 0,
  })),
);
const offlineBooking = fc
  .record({
    therapist_id: fc.constantFrom(3, 4, 5),
    location_id: fc.constantFrom(1, 2),
    booking_date: dates,
    booking_time_slot_start: starts,
  })
  .map((base) => ({
    ...client,
    ...base,
    booking_type: 'OFFLINE',
    client_state: 'Maharashtra',
    client_city: 'Mumbai',
  }));

const centre = fc.record({
  name: fc.constantFrom('North Branch', 'South Branch'),
  short_name: fc.constantFrom('North', 'South'),
  description: fc.constant('A quiet centre.'),
  address: fc.constant('1 Main Road, Pune'),
  phone: fc.constant('+91 20 4000 0000'),
});
const therapist = fc.record({
  name: fc.constantFrom('Dr.New Therapist', 'Ms.Second Person'),
  title: fc.constant('Counselling Psychologist'),
  specialization: fc.constant('Anxiety'),
  bio: fc.constant('Calm, practical sessions.|M.A. Psychology|5 years of experience'),
  price: fc.constantFrom(1500, 2000),
  type: fc.constantFrom(1, 2, 3),
  locations: fc.constantFrom([], [1], [1, 2]),
  offered_service_ids: fc.constantFrom([1], [1, 2]),
  email: fc.constant('new.therapist@example.com'),
});
const weeklyHours = fc.record({
  weekday: fc.integer({ min: 0, max: 6 }),
  start: starts,
  end: fc.constantFrom('13:00', '18:00'),
  location_id: fc.constantFrom(0, 1, 2),
});

const privacySubject = fc.oneof(
  fc.record({ email: fc.constantFrom('client@example.com', 'nobody@example.com') }),
  fc.record({ mobile: fc.constantFrom('9876543210', '+91 90000 00001') }),
) as fc.Arbitrary<Record<string, unknown>>;

export const BODY_EXAMPLES: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  'POST /api/bookings': fc.oneof(onlineBooking, offlineBooking),
  'POST /confirm-booking': offlineBooking,
  'POST /api/admin/bookings': fc.oneof(onlineBooking, offlineBooking).map((booking) => ({
    ...booking,
    amount: 1500,
    admin_confirmed: true,
  })),
  'POST /api/admin/availability/block': fc.record({
    therapist_id: fc.integer({ min: 1, max: 5 }),
    date: dates,
    start_time: starts,
  }),
  'POST /api/admin/login': fc.record({
    username: fc.constantFrom('boss@example.com', 'someone@example.com'),
    password: fc.constantFrom(PASSWORD, 'wrong-password'),
  }),
  'POST /api/payment/generate-link': fc.record({ booking_id: bookingIds, amount: fc.constant(1) }),
  'POST /api/create-shareable-payment-link': fc.record({ booking_id: bookingIds }),
  'POST /api/bookings/{id}/payment-link': fc.record({
    payment_link_url: fc.constantFrom('http://localhost:3000/sandbox/pay/plink_abc', 'https://example.com'),
    razorpay_payment_link_id: fc.constantFrom('plink_abc', 'plink_1'),
  }),
  // The privacy desk names a client by one of e-mail or mobile (never both).
  'POST /api/admin/privacy/erase': privacySubject,
  'POST /api/admin/privacy/correct': privacySubject.map((subject) => ({ ...subject, full_name: 'Asha K' })),
  'POST /api/admin/privacy/requests': privacySubject.map((subject) => ({ ...subject, kind: 'export' })),
  'POST /api/admin/bookings/{id}/payments': fc.record({
    method: fc.constantFrom('cash', 'card', 'upi', 'other'),
    amount: fc.constantFrom(1500, 99.5, null),
    reference: fc.constantFrom('Receipt 1', null),
  }),
  'POST /api/admin/bookings/{id}/attendance': fc.record({ status: fc.constantFrom('attended', 'no_show') }),
  // A visitor joins a waitlist: 1 to 3 wished dates (a 16th is the 422 a spoilt field may meet).
  'POST /api/waitlist': fc
    .record({
      therapist_id: fc.constantFrom(1, 2),
      preferred_dates: fc.uniqueArray(dates, { minLength: 1, maxLength: 3 }),
      times_of_day: fc.subarray(['morning', 'afternoon', 'evening'] as const, { minLength: 1 }),
      client_email: fc.constantFrom('wait@example.com', 'client@example.com'),
    })
    .map((wishes) => joinPayload(wishes)),
  'POST /api/admin/bookings/{id}/reschedule': fc.record({
    booking_date: dates,
    booking_time_slot_start: starts,
  }),
  'POST /api/admin/bookings/{id}/update-payment-link': fc.record({
    payment_link_url: fc.constantFrom('http://localhost:3000/sandbox/pay/plink_abc'),
  }),
  // Running the practice (issue 11).
  'PUT /api/admin/clinic': fc.record({
    name: fc.constantFrom('Sunrise Therapy', 'Calm Minds Clinic'),
    phone: fc.constantFrom('+91 22 4000 0000', '9876543210'),
    email: fc.constant('contact@example.com'),
    address: fc.constantFrom('', 'Mumbai'),
    privacy_contact: fc.constantFrom('', 'privacy@example.com'),
  }),
  'POST /api/admin/locations': centre,
  'PATCH /api/admin/locations/{id}': fc.record({
    phone: fc.constant('+91 22 4000 0009'),
    is_active: fc.boolean(),
  }),
  'POST /api/admin/services': fc.record({
    name: fc.constantFrom('Family Therapy', 'Individual Counselling'),
  }),
  'PATCH /api/admin/services/{id}': fc.record({ is_active: fc.boolean() }),
  'POST /api/admin/therapists': therapist,
  'PATCH /api/admin/therapists/{id}': fc.record({
    price: fc.constantFrom(1200, 999.5),
    is_active: fc.boolean(),
  }),
  'PUT /api/admin/therapists/{id}/schedule': fc.record({
    weekly: fc.array(weeklyHours, { maxLength: 4 }),
    buffer_minutes: fc.constantFrom(0, 15),
  }),
  'POST /api/admin/therapists/{id}/overrides': fc.record({
    date: dates,
    hours: fc.array(fc.record({ start: starts, end: fc.constantFrom('13:00', '18:00') }), { maxLength: 2 }),
  }),
  'POST /api/admin/therapists/{id}/time-off': fc.record({
    from: dates,
    to: dates,
    reason: fc.constant('Leave'),
  }),
  'POST /api/admin/holidays': fc.record({ date: dates, name: fc.constantFrom('Diwali', 'Holi') }),
  // A therapist's leave request (issue 25): the admin's approve and decline then meet real ones.
  'POST /api/therapist/leave-requests': fc.record({ from: dates, to: dates, reason: fc.constant('Course') }),
  // Razorpay's notices (PAYMENT_PROVIDER=razorpay), signed by api-fuzz.test.ts.
  'POST /api/payment/webhook': fc.record({
    event: fc.constantFrom(
      'payment_link.paid',
      'payment_link.expired',
      'payment_link.cancelled',
      'refund.processed',
      'refund.failed',
      'payment.captured',
    ),
    payload: fc.record({
      payment_link: fc.record({
        entity: fc.record({
          id: fc.constantFrom('plink_abc', 'plink_1'),
          status: fc.constantFrom('paid', 'expired'),
          amount: fc.constant(150_000),
          amount_paid: fc.constant(150_000),
          reference_id: bookingIds.map(String),
          short_url: fc.constant('https://rzp.io/i/abc'),
        }),
      }),
      payment: fc.record({
        entity: fc.record({ id: fc.constant('pay_1'), status: fc.constant('captured') }),
      }),
      refund: fc.record({
        entity: fc.record({ id: fc.constant('rfnd_1'), payment_id: fc.constant('pay_1') }),
      }),
    }),
  }),
};

const dateTimeIdCursors = fc.constantFrom('2026-11-24~09:00:00~1005', '2026-12-01~10:00:00~1000');

/** Plausible values of path and query parameters, by name (or by route and name). */
export const PARAMETER_EXAMPLES: Record<string, fc.Arbitrary<string>> = {
  id: fc.oneof(fc.integer({ min: 1, max: 5 }), bookingIds).map(String),
  image_url: fc.constantFrom('therapist-1.png', 'location-2.png', 'missing.png'),
  payment_link_id: fc.constantFrom('plink_abc', 'plink_1'),
  payment_id: fc.integer({ min: 1, max: 3 }).map(String),
  therapist_id: fc.integer({ min: 1, max: 6 }).map(String),
  date: dates,
  from: dates,
  to: dates,
  report_date: dates,
  limit: fc.constantFrom('1', '10', '100'),
  year: fc.constantFrom('2026', '2020'),
  month: fc.constantFrom('1', '11', '12'),
  name: fc.constantFrom('Asha', 'client', ''),
  token: fc.constantFrom('abc', 'x'.repeat(32)),
  payment_status: fc.constantFrom('paid', 'failed'),
  email: fc.constantFrom('client@example.com', 'nobody@example.com'),
  mobile: fc.constantFrom('9876543210', '9000000001'),
  open: fc.constantFrom('true', 'false'),
  time_off_id: fc.integer({ min: 1, max: 3 }).map(String),
  // Cursors as each list gives them out (keyset-cursor.ts): a booking id by default, and by route
  // a date, time and id; a time and id; a client's name, e-mail and mobile.
  cursor: fc.constantFrom('1000', '1005'),
  '/api/admin/income cursor': dateTimeIdCursors,
  '/api/admin/reports/inventory cursor': dateTimeIdCursors,
  '/api/admin/therapists/{id}/bookings cursor': dateTimeIdCursors,
  '/api/admin/calendar/day cursor': fc.constantFrom('09:00:00~1005', '10:00:00~1000'),
  '/api/admin/search-clients cursor': fc.constant(
    ['anita desai', 'anita@example.com', '9000000001']
      .map((part) => Buffer.from(part).toString('base64url'))
      .join('~'),
  ),
};
