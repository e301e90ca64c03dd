import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AdminBooking } from '@therapy/shared/admin-schemas';
import type { AuditEntry } from '@therapy/shared/audit-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEmptyPostgresDatabase,
  type EmptyPostgresDatabase,
  postgresServerUrl,
} from '../fault-tests/fault-kit.ts';
import { listOpenSlots } from '../fault-tests/visitor-client.ts';
import { waitFor } from '../fault-tests/visitor-stream.ts';
import {
  type ClinicVisit,
  readAuditLog,
  readBooking,
  signInOver,
  startClinicDay,
} from './backup-load-kit.ts';
import { runAdminCli, type ServerProcess, startServerProcess } from './server-process.ts';
import { seedEmbeddedDatabase } from './test-images.ts';

/*
 * Issue 24's round trip: a backup taken with `npm run admin -- backup` while visitors book and pay
 * over HTTP, restored with `restore` into a fresh data folder (and database), and a server started
 * on it finds every booking, payment, audit entry and readable note there was when the backup began.
 */

const ADMIN = { email: 'owner@example.com', password: 'owner-password-1' };
/** What a restored booking must show as it was: the client, the note (opened), the payment. */
const KEPT = [
  'id',
  'booking_date',
  'booking_time_slot_start',
  'client_full_name',
  'client_email',
  'client_note',
  'payment_status',
  'cancelled',
  'amount',
  'payment_transaction_id',
  'centre_payment_id',
  'centre_payment_method',
] as const;
const kept = (booking: AdminBooking) => Object.fromEntries(KEPT.map((field) => [field, booking[field]]));

/** The round trip on one backend: each backend's file runs it, so the two run side by side. */
export function describeBackupRoundTrip(backend: 'pglite' | 'postgres') {
  describe.skipIf(backend === 'postgres' && !postgresServerUrl)(
    `a backup taken under load, restored and served, on ${backend}`,
    () => {
      let folder: string;
      const databases: EmptyPostgresDatabase[] = [];
      let server: ServerProcess | undefined;

      /** A data folder (and, on PostgreSQL, a database) of its own, with the test's first superadmin. */
      async function place(name: string) {
        const postgres =
          backend === 'postgres' ? await createEmptyPostgresDatabase(postgresServerUrl!) : undefined;
        if (postgres) databases.push(postgres);
        return {
          DATA_DIR: path.join(folder, name),
          ...(postgres ? { DATABASE_URL: postgres.url } : {}),
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          // The demo clinic's therapists and hours give the visitors slots to book (off by default
          // with DATABASE_URL).
          DEMO_DATA: 'true',
          RATE_LIMIT_BOOKINGS: '0',
          RATE_LIMIT_PAYMENT_LINKS: '0',
          RATE_LIMIT_LOOKUPS: '0',
          REMINDER_OFFSETS: '',
        };
      }

      beforeAll(async () => {
        folder = await mkdtemp(path.join(tmpdir(), `therapy-backup-load-${backend}-`));
      });
      afterAll(async () => {
        await server?.stop();
        for (const database of databases) await database.drop();
        await rm(folder, { recursive: true, force: true });
      });

      it('keeps every booking, payment, audit entry and note there was when the backup began', {
        timeout: 180_000,
      }, async () => {
        const first = await place('first');
        // The clinic whose backup is taken need not be a first start; the restore's target must be empty.
        if (backend === 'pglite') await seedEmbeddedDatabase(first.DATA_DIR);
        server = await startServerProcess(first, 90_000);
        const token = await signInOver(server.url, ADMIN.email, ADMIN.password);
        const slots = (await listOpenSlots(server.url))
          .sort((a, b) =>
            `${a.date}${a.start}${a.therapistId}`.localeCompare(`${b.date}${b.start}${b.therapistId}`),
          )
          .slice(0, 150);
        const day = startClinicDay(server.url, token, slots);
        const paidBothWays = () =>
          day.settled().length >= 10 &&
          new Set(day.settled().map((visit) => slots[visit.index]!.locationId === null)).size === 2;
        await waitFor(paidBothWays, 60_000, 'bookings paid online and at the centre');

        // What there was when the backup began: the bookings made, the visits whose every step was
        // answered as the admin screens showed them then, and the audit log.
        const settled: ClinicVisit[] = day.settled().map((visit) => ({ ...visit }));
        const shown = new Map<number, AdminBooking>();
        for (const visit of settled)
          shown.set(visit.bookingId!, await readBooking(server.url, token, visit.bookingId!));
        const audit: AuditEntry[] = await readAuditLog(server.url, token);
        const booked = day.records.filter((visit) => visit.bookingId).map((visit) => ({ ...visit }));

        const file = path.join(folder, 'clinic.jsonl.gz');
        const passphraseFile = path.join(folder, 'passphrase');
        await writeFile(passphraseFile, 'a passphrase for the keys\n');
        // Embedded: the keys sealed with a passphrase; PostgreSQL: kept beside it by hand (the default).
        const sealing = backend === 'pglite' ? ['--passphrase-file', passphraseFile] : [];
        const backup = await runAdminCli(['backup', file, ...sealing], first);
        const bookedDuring = day.records.filter((visit) => visit.bookingId).length - booked.length;
        await day.stop();
        await server.stop();
        server = undefined;
        expect(day.problems()).toEqual([]);
        expect(backup.stderr).toBe('');
        expect(backup.code).toBe(0);
        expect(backup.stdout).toMatch(/^Backup written to .+clinic\.jsonl\.gz: [\d,]+ rows in \d+ tables/);
        // The server went on taking bookings while the backup was written.
        expect(bookedDuring).toBeGreaterThan(0);

        const second = await place('second');
        if (backend === 'postgres') {
          await cp(path.join(first.DATA_DIR, 'secrets'), path.join(second.DATA_DIR, 'secrets'), {
            recursive: true,
          });
        }
        // Into the used place (refused) and into a fresh one, side by side.
        const [refused, restored] = await Promise.all([
          runAdminCli(['restore', file], first),
          runAdminCli(['restore', file, ...sealing], second),
        ]);
        expect(refused.code).toBe(1);
        expect(refused.stderr.trim()).toMatch(
          /^Refusing to restore: the (embedded )?database .+ already holds data \(\d+ tables\)\. Restore into an empty data folder or an empty database\.$/,
        );
        expect(restored.stderr).toBe('');
        expect(restored.code).toBe(0);
        expect(restored.stdout).toContain('DATA_KEY matches the backup’s: client notes will open.');

        server = await startServerProcess(second, 90_000);
        const again = await signInOver(server.url, ADMIN.email, ADMIN.password);
        for (const visit of booked) {
          const booking = await readBooking(server.url, again, visit.bookingId!);
          expect(booking.client_note).toBe(visit.note);
          const then = shown.get(visit.bookingId!);
          if (then) expect(kept(booking)).toEqual(kept(then));
        }
        expect(settled.some((visit) => shown.get(visit.bookingId!)!.centre_payment_id)).toBe(true);
        expect(settled.some((visit) => shown.get(visit.bookingId!)!.payment_transaction_id)).toBe(true);
        const auditAfter = new Map((await readAuditLog(server.url, again)).map((entry) => [entry.id, entry]));
        for (const entry of audit) expect(auditAfter.get(entry.id)).toEqual(entry);
        expect(audit.some((entry) => entry.action === 'booking.centre_payment')).toBe(true);
      });
    },
  );
}
