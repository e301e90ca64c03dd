import type { PaymentStatus } from '@therapy/shared/booking-states';
import { bearer, createAdminUser, insertClientBooking, JWT_SECRET, signIn, TODAY } from './admin-test-kit.ts';
import { createDemoTestApp } from './test-app.ts';
import type { Backend } from './test-database.ts';

export const YESTERDAY = '2026-11-21';
export const LAST_MONTH_DAY = '2026-10-15';

type Seed = {
  therapistId: number;
  bookingDate: string;
  startTime: string;
  paymentStatus: PaymentStatus;
  amountPaise: number;
  name?: string;
  mobile?: string;
  transactionId?: string;
  cancelled?: boolean;
  adminBlock?: boolean;
};

const today = { bookingDate: TODAY };
/** The bookings every report test reads, by the key their ids are kept under, inserted in this order. */
const REPORT_BOOKINGS: [string, Seed][] = [
  // Today: two paid sessions, a pending one, a failed payment, a paid one cancelled by an
  // admin (status CANCELLED), one cancelled by the flag only, and an admin block.
  [
    'paid',
    {
      ...today,
      therapistId: 1,
      startTime: '09:00',
      paymentStatus: 'COMPLETED',
      amountPaise: 150_000,
      name: 'Anita Desai',
      mobile: '9000000001',
      transactionId: 'pay_A1',
    },
  ],
  [
    'paidOdd',
    {
      ...today,
      therapistId: 1,
      startTime: '10:00',
      paymentStatus: 'COMPLETED',
      amountPaise: 123_456,
      name: 'Bharat Singh',
      mobile: '9000000002',
      transactionId: 'pay_B2',
    },
  ],
  [
    'pending',
    {
      ...today,
      therapistId: 2,
      startTime: '09:00',
      paymentStatus: 'PENDING',
      amountPaise: 200_000,
      name: 'Chitra Rao',
    },
  ],
  [
    'failed',
    {
      ...today,
      therapistId: 2,
      startTime: '10:00',
      paymentStatus: 'FAILED',
      amountPaise: 200_000,
      name: 'Deepak Anand',
    },
  ],
  [
    'adminCancelled',
    {
      ...today,
      therapistId: 2,
      startTime: '11:00',
      paymentStatus: 'CANCELLED',
      cancelled: true,
      amountPaise: 200_000,
      name: 'Esha Gupta',
      transactionId: 'pay_E5',
    },
  ],
  [
    'block',
    {
      ...today,
      therapistId: 3,
      startTime: '09:00',
      paymentStatus: 'BLOCKED',
      amountPaise: 0,
      adminBlock: true,
    },
  ],
  [
    'flagCancelled',
    {
      ...today,
      therapistId: 1,
      startTime: '11:00',
      paymentStatus: 'COMPLETED',
      cancelled: true,
      amountPaise: 150_000,
      name: 'Gita Pillai',
      transactionId: 'pay_G7',
    },
  ],
  // Yesterday: one paid, one awaiting payment, and an admin block marked COMPLETED with an
  // amount (never money: blocks are left out of every report).
  [
    'paidYesterday',
    {
      bookingDate: YESTERDAY,
      therapistId: 1,
      startTime: '09:00',
      paymentStatus: 'COMPLETED',
      amountPaise: 150_000,
      name: 'Farah Khan',
      mobile: '9000000006',
      transactionId: 'pay_F6',
    },
  ],
  [
    'initiatedYesterday',
    {
      bookingDate: YESTERDAY,
      therapistId: 2,
      startTime: '09:00',
      paymentStatus: 'INITIATED',
      amountPaise: 200_000,
      name: 'Hari Menon',
    },
  ],
  [
    'oddBlock',
    {
      bookingDate: YESTERDAY,
      therapistId: 3,
      startTime: '10:00',
      paymentStatus: 'COMPLETED',
      amountPaise: 99_900,
      adminBlock: true,
    },
  ],
  // Last month: one paid, one cancelled.
  [
    'paidLastMonth',
    {
      bookingDate: LAST_MONTH_DAY,
      therapistId: 1,
      startTime: '09:00',
      paymentStatus: 'COMPLETED',
      amountPaise: 100_000,
      name: 'Isha Verma',
      mobile: '9000000009',
      transactionId: 'pay_I9',
    },
  ],
  [
    'cancelledLastMonth',
    {
      bookingDate: LAST_MONTH_DAY,
      therapistId: 2,
      startTime: '09:00',
      paymentStatus: 'CANCELLED',
      cancelled: true,
      amountPaise: 200_000,
      name: 'Jai Kumar',
    },
  ],
];

/** The demo clinic on the clock given, with an admin and a superadmin signed in and REPORT_BOOKINGS. */
export async function startReports(backend: Backend, now: () => Date) {
  const { db, app, close } = await createDemoTestApp(backend, { now, env: { JWT_SECRET } });
  await createAdminUser(db, 'staff@example.com');
  await createAdminUser(db, 'boss@example.com', { superadmin: true });
  const staffToken = await signIn(app, 'staff@example.com');
  const bossToken = await signIn(app, 'boss@example.com');
  const ids: Record<string, number> = {};

  async function seed(key: string, booking: Seed) {
    const { id } = await insertClientBooking(db, {
      therapistId: booking.therapistId,
      bookingDate: booking.bookingDate,
      startTime: booking.startTime,
      paymentStatus: booking.paymentStatus,
      amountPaise: booking.amountPaise,
      bookingType: booking.adminBlock ? 'ADMIN_BLOCK' : 'ONLINE',
      client: booking.adminBlock
        ? undefined
        : {
            fullName: booking.name ?? 'Kavya Sharma',
            email: 'client@example.com',
            mobile: booking.mobile ?? '9876543210',
          },
    });
    await db.query('UPDATE bookings SET cancelled = $2, payment_transaction_id = $3 WHERE id = $1', [
      id,
      booking.cancelled ?? false,
      booking.transactionId ?? null,
    ]);
    ids[key] = id;
  }

  for (const [key, booking] of REPORT_BOOKINGS) await seed(key, booking);
  const get = (url: string, token = bossToken) => app.inject({ method: 'GET', url, headers: bearer(token) });
  return { app, close, staffToken, ids, seed, get };
}

export type ReportsKit = Awaited<ReturnType<typeof startReports>>;
