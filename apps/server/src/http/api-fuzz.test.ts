import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminUser, JWT_SECRET, NOW, signIn } from '../features/admin/admin-test-kit.ts';
import { type FuzzRequest, listOperations, requestsFor } from '../test/api-fuzz-requests.ts';
import { onlineBooking } from '../test/booking-fixtures.ts';
import { changedTables, createTableFingerprinter } from '../test/table-fingerprint.ts';
import { createDemoTestApp } from '../test/test-app.ts';
import { backends, type TestDatabase } from '../test/test-database.ts';

/**
 * Walks every route of the OpenAPI document with generated requests (issue 8, item 2), anonymous,
 * as a superadmin (so the admin handlers are reached) and with a bad token, and asserts:
 * no 5xx; every 4xx is JSON {"detail"}; a refused request changes no row of any table.
 *
 * Bounded: FUZZ_RUNS requests per route and backend (default below). A failure names the route,
 * the request and the seed; FUZZ_SEED=<seed> replays a run.
 */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2_147_483_647;

/**
 * Tables a refused request may write on purpose, by route. A failed sign-in (401) is audited:
 * that is the point of the audit log. The sign-in throttle and the public rate limits keep their
 * counts in memory or Redis, not in a table; none other may change.
 */
const WRITTEN_WHEN_REFUSED: Record<string, readonly string[]> = {
  'POST /api/admin/login': ['audit_log'],
};

describe.each(backends)('every API route under generated requests on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let token: string;

  beforeAll(async () => {
    // The public rate limits are off in test apps (test-app.ts); each request comes from its
    // own generated address, so the per-address sign-in throttle never stops the run either.
    ({ db, app, close } = await createDemoTestApp(backend, { now: () => NOW, env: { JWT_SECRET } }));
    await createAdminUser(db, 'boss@example.com', { superadmin: true });
    token = await signIn(app, 'boss@example.com');
    // An online booking awaiting payment, for the payment-link calls to act on (booking ids of
    // api-fuzz-examples.ts start at 1000, the first one the database gives).
    const booking = await app.inject({ method: 'POST', url: '/api/bookings', payload: onlineBooking() });
    expect(booking.statusCode, booking.body).toBe(201);
  });
  afterAll(() => close());

  it('answers no 5xx, a JSON detail with every 4xx, and changes no row when it refuses', async () => {
    const operations = listOperations(app.swagger() as Parameters<typeof listOperations>[0]);
    expect(operations.length).toBeGreaterThan(30);
    const fingerprints = await createTableFingerprinter(db);
    let baseline = await fingerprints.take();

    const failures: string[] = [];
    /** Routes where some request passed validation and authentication and met the rules. */
    const handled = new Set<string>();
    for (const operation of operations) {
      const route = `${operation.method} ${operation.path}`;
      const check = async (request: FuzzRequest) => {
        const problem = await sendAndJudge(request, route);
        if (problem) throw new Error(problem);
      };
      const outcome = await fc.check(fc.asyncProperty(requestsFor(operation, token), check), {
        numRuns: RUNS_PER_ROUTE,
        seed: SEED,
        endOnFailure: true,
      });
      if (outcome.failed) failures.push(describeFailure(route, outcome));
    }
    // Not a walk past the front door: most routes' handlers met generated requests that passed
    // validation and sign-in (a few need what no generator guesses, e.g. a booking's secret token).
    expect(handled.size, `routes handled: ${[...handled].join(', ')}`).toBeGreaterThanOrEqual(
      Math.floor(operations.length * 0.75),
    );
    expect(failures, `seed ${SEED} (replay with FUZZ_SEED=${SEED})`).toEqual([]);

    /** What is wrong with the answer to `request`, or undefined when all is well. */
    async function sendAndJudge(request: FuzzRequest, route: string): Promise<string | undefined> {
      const response = await app.inject(request);
      const status = response.statusCode;
      if (status < 400 || status === 409 || status === 422) handled.add(route);
      if (status >= 500) return `answered ${status}: ${response.body.slice(0, 300)}`;
      if (status < 400) {
        baseline = await fingerprints.take();
        return undefined;
      }
      let detail: unknown;
      try {
        detail = response.json().detail;
      } catch {
        detail = undefined;
      }
      if (
        typeof detail !== 'string' ||
        !/^application\/json/.test(String(response.headers['content-type']))
      ) {
        return `answered ${status} without a JSON detail: ${response.body.slice(0, 300)}`;
      }
      const after = await fingerprints.take();
      const changed = changedTables(baseline, after, WRITTEN_WHEN_REFUSED[route]);
      baseline = after;
      return changed.length > 0 ? `answered ${status} but changed ${changed.join(', ')}` : undefined;
    }
  });
});

function describeFailure(route: string, outcome: fc.RunDetails<[FuzzRequest]>): string {
  const request = outcome.counterexample?.[0];
  const shown = request && {
    ...request,
    payload: request.payload?.slice(0, 500),
    url: request.url.slice(0, 500),
    headers: { ...request.headers, authorization: request.headers.authorization ? '(set)' : undefined },
  };
  const error =
    outcome.errorInstance instanceof Error ? outcome.errorInstance.message : String(outcome.errorInstance);
  return `${route}: ${error}\n  request: ${JSON.stringify(shown)}\n  seed ${outcome.seed}, path ${outcome.counterexamplePath}`;
}
