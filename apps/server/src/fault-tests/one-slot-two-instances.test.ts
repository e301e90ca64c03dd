import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOT_TAKEN_MESSAGE } from '../features/bookings/bookings-repo.ts';
import { type ServerProcess, startServerProcess } from '../test/server-process.ts';
import {
  createEmptyPostgresDatabase,
  type EmptyPostgresDatabase,
  getJson,
  postgresServerUrl,
} from './fault-kit.ts';
import { bookSlot, listOpenSlots } from './visitor-client.ts';

const ATTEMPTS = 50;

describe.skipIf(!postgresServerUrl)(
  '50 visitors booking one slot through two instances on one PostgreSQL database',
  () => {
    let database: EmptyPostgresDatabase;
    let dataDir: string;
    let servers: ServerProcess[] = [];

    beforeAll(async () => {
      database = await createEmptyPostgresDatabase(postgresServerUrl!);
      dataDir = await mkdtemp(path.join(tmpdir(), 'therapy-one-slot-'));
      // Public rate limits off: the 50 attempts come from one address, the test's.
      const env = {
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        DEMO_DATA: 'true',
        RATE_LIMIT_BOOKINGS: '0',
      };
      servers = await Promise.all([startServerProcess(env, 45_000), startServerProcess(env, 45_000)]);
    }, 60_000);
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await database?.drop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    it('lets exactly one win; the others get 409 with the message the wizard shows', {
      timeout: 60_000,
    }, async () => {
      for (const onlineOrInPerson of [null, 'in person'] as const) {
        const open = await listOpenSlots(servers[0]!.url);
        const slot = open.find(
          (candidate) => (candidate.locationId === null) === (onlineOrInPerson === null),
        )!;
        const answers = await Promise.all(
          Array.from({ length: ATTEMPTS }, (_, i) =>
            bookSlot(servers[i % 2]!.url, slot, `visitor-${onlineOrInPerson ? 'p' : 'o'}${i}@example.com`),
          ),
        );
        const statuses = answers.map((answer) => answer.status);
        expect(statuses.filter((status) => status === 201)).toHaveLength(1);
        expect(statuses.filter((status) => status === 409)).toHaveLength(ATTEMPTS - 1);
        for (const answer of answers.filter((candidate) => candidate.status === 409)) {
          expect(answer.body.detail).toBe(SLOT_TAKEN_MESSAGE);
        }

        const winner = answers.find((answer) => answer.status === 201)!;
        const { rows } = await database.pool.query<{ id: number; client_email: string }>(
          `SELECT id, client_email FROM bookings
         WHERE therapist_id = $1 AND booking_date = $2 AND booking_time_slot_start = $3`,
          [slot.therapistId, slot.date, slot.start],
        );
        expect(rows).toHaveLength(1);
        expect(rows[0]!.id).toBe(winner.body.booking_id);
        for (const server of servers) {
          const held = await getJson<{ booking_date: string; booking_time_slot_start: string }[]>(
            server.url,
            `/booked-slots?therapist_id=${slot.therapistId}`,
          );
          expect(held).toContainEqual({
            booking_date: slot.date,
            booking_time_slot_start: `${slot.start}:00`,
          });
        }
      }
    });
  },
);
