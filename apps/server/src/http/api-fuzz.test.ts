import { randomInt } from 'node:crypto';
import { addDays, todayIn } from '@therapy/shared/clinic-time';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createAdminUser, JWT_SECRET, NOW, signIn, TODAY } from '../test/admin-test-kit.ts';
import { type FuzzRequest, listOperations, requestsFor, type Signer } from '../test/api-fuzz-requests.ts';
import { wellFormedRequests } from '../test/api-fuzz-well-formed.ts';
import { onlineBooking } from '../test/booking-fixtures.ts';
import { signWebhook } from '../test/razorpay-double-events.ts';
import { createRazorpayTestApp } from '../test/razorpay-test-app.ts';
import { changedTables, createTableFingerprinter } from '../test/table-fingerprint.ts';
import { createDemoTestApp } from '../test/test-app.ts';
import { backends, type TestDatabase } from '../test/test-database.ts';
import { joinPayload } from '../test/waitlist-kit.ts';

/**
 * Walks every route of the OpenAPI document with generated requests (issue 8, item 2), anonymous,
 * as a superadmin (so the admin handlers are reached; a therapist's login on the therapist's own
 * routes, decision 052) and with a bad token, and asserts:
 * no 5xx; every 4xx is JSON {"detail"}; a refused request changes no row of any table.
 *
 * Bounded: FUZZ_RUNS requests per route and backend (default below). A failure names the route,
 * the request and the seed; FUZZ_SEED=<seed> replays a run.
 */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 40);
/**
 * Every run explores a seed of its own, CI's too (.ci/run draws one and prints it): the walk must
 * pass whatever the seed, and FUZZ_SEED=<seed> replays the one a failure names.
 */
const SEED = fuzzSeed(process.env.FUZZ_SEED);
console.log(
  `API fuzz seed ${SEED} (replay: FUZZ_SEED=${SEED} npx vitest run apps/server/src/http/api-fuzz.test.ts)`,
);

function fuzzSeed(given: string | undefined): number {
  if (given === undefined || given === '') return randomInt(2_147_483_647);
  if (!/^\d{1,10}$/.test(given) || Number(given) > 2_147_483_647) {
    throw new Error(`FUZZ_SEED must be a whole number from 0 to 2147483647 (got "${given}")`);
  }
  return Number(given);
}

/**
 * Tables a refused request may write on purpose, by route. A failed sign-in (401) is audited:
 * that is the point of the audit log. The sign-in throttle and the public rate limits keep their
 * counts in memory or Redis, not in a table; no other table may change.
 */
const WRITTEN_WHEN_REFUSED: Record<string, readonly string[]> = {
  'POST /api/admin/login': ['audit_log'],
};

/**
 * Each route opens with this many requests made of its examples (api-fuzz-well-formed.ts), drawn
 * with their own fixed seed: the handlers the walk reaches do not hang on the random seed's luck.
 */
const WELL_FORMED_PER_ROUTE = 4;
const WELL_FORMED_SEED = 1;

/** `therapistToken` signs the therapist's own routes (`/api/therapist/…`), `token` the rest. */
type FuzzTarget = {
  app: FastifyInstance;
  db: TestDatabase;
  token: string;
  therapistToken: string;
  signer?: Signer;
};

/**
 * Every route of `target` (those `only` keeps) under its well-formed requests and then `generated`
 * generated ones: what went wrong, and where.
 */
async function fuzzRoutes(
  target: FuzzTarget,
  {
    only = () => true,
    generated = RUNS_PER_ROUTE,
  }: { only?: (route: string) => boolean; generated?: number } = {},
) {
  const { app, db, signer } = target;
  // A therapist's own routes first: the admin routes' requests may deactivate its therapist (and
  // so its login) later in the run; the leave requests they make are what approve and decline meet.
  const ownFirst = (path: string) => (path.startsWith('/api/therapist/') ? 0 : 1);
  const operations = listOperations(app.swagger() as Parameters<typeof listOperations>[0])
    .filter((operation) => only(`${operation.method} ${operation.path}`))
    .sort((a, b) => ownFirst(a.path) - ownFirst(b.path));
  const fingerprints = await createTableFingerprinter(db);
  let baseline = await fingerprints.take();
  const failures: string[] = [];
  /** Routes where some request passed validation and authentication and met the rules. */
  const handled = new Set<string>();

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
    if (typeof detail !== 'string' || !/^application\/json/.test(String(response.headers['content-type']))) {
      return `answered ${status} without a JSON detail: ${response.body.slice(0, 300)}`;
    }
    const after = await fingerprints.take();
    const changed = changedTables(baseline, after, WRITTEN_WHEN_REFUSED[route]);
    baseline = after;
    return changed.length > 0 ? `answered ${status} but changed ${changed.join(', ')}` : undefined;
  }

  for (const operation of operations) {
    const route = `${operation.method} ${operation.path}`;
    const token = operation.path.startsWith('/api/therapist/') ? target.therapistToken : target.token;
    const check = async (request: FuzzRequest) => {
      const problem = await sendAndJudge(request, route);
      if (problem) throw new Error(problem);
    };
    const wellFormed = fc
      .sample(wellFormedRequests(operation, token, signer), {
        numRuns: WELL_FORMED_PER_ROUTE,
        seed: WELL_FORMED_SEED,
      })
      .map((request): [FuzzRequest] => [request]);
    // The examples come first and count in numRuns: the same generated requests follow as without them.
    const outcome = await fc.check(fc.asyncProperty(requestsFor(operation, token, signer), check), {
      numRuns: generated + wellFormed.length,
      seed: SEED,
      endOnFailure: true,
      examples: wellFormed,
    });
    if (outcome.failed) failures.push(describeFailure(route, outcome));
  }
  return { routes: operations.length, failures, handled };
}

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

/**
 * The superadmin's token, therapist 1's login's token, and an online booking awaiting payment (id
 * 1000) on `bookingDate` (two days from the app's "now"), for the payment calls to act on.
 */
async function prepare(app: FastifyInstance, db: TestDatabase, bookingDate: string) {
  await createAdminUser(db, 'boss@example.com', { superadmin: true });
  await createAdminUser(db, 'asha@example.com', { therapistId: 1 });
  const token = await signIn(app, 'boss@example.com');
  const therapistToken = await signIn(app, 'asha@example.com');
  const booking = await app.inject({
    method: 'POST',
    url: '/api/bookings',
    payload: onlineBooking({ booking_date: bookingDate }),
  });
  expect(booking.statusCode, booking.body).toBe(201);
  // Someone waiting, so the waitlist's admin routes meet an entry as well as unknown ids.
  const waiting = await app.inject({
    method: 'POST',
    url: '/api/waitlist',
    payload: joinPayload({ preferred_dates: [bookingDate] }),
  });
  expect(waiting.statusCode, waiting.body).toBe(201);
  return { token, therapistToken };
}

describe.each(backends)('every API route under generated requests on %s', (backend) => {
  let target: FuzzTarget;
  let close: () => Promise<void>;

  beforeAll(async () => {
    // The public rate limits are off in test apps (test-app.ts); each request comes from its
    // own generated address, so the per-address sign-in throttle never stops the run either.
    const testApp = await createDemoTestApp(backend, { now: () => NOW, env: { JWT_SECRET } });
    close = testApp.close;
    target = {
      app: testApp.app,
      db: testApp.db,
      ...(await prepare(testApp.app, testApp.db, addDays(TODAY, 2))),
    };
  });
  afterAll(() => close());

  it('answers no 5xx, a JSON detail with every 4xx, and changes no row when it refuses', async () => {
    const { routes, failures, handled } = await fuzzRoutes(target);
    expect(routes).toBeGreaterThan(30);
    expect(failures, `seed ${SEED} (replay with FUZZ_SEED=${SEED})`).toEqual([]);
    // Not a walk past the front door: most routes' handlers met requests that passed validation and
    // sign-in (a few need what no generator guesses, e.g. a booking's secret token).
    expect(handled.size, `routes handled: ${[...handled].join(', ')}`).toBeGreaterThanOrEqual(
      Math.floor(routes * 0.75),
    );
    // Every route gets RUNS_PER_ROUTE requests: the run grows with the API (about 20 s alone for
    // 40 routes, over 100 s on a busy machine), past the suite’s 30 s default.
  }, 240_000);
});

// The floor above once hung on the random seed's luck (an unseeded run draws it from the clock, and
// one draw reached 57 routes of the 62 asked for; FUZZ_SEED=2 reached 60): the well-formed requests
// alone must meet it, whatever the seed.
describe.each(backends)('every API route under its well-formed requests alone on %s', (backend) => {
  let target: FuzzTarget;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const testApp = await createDemoTestApp(backend, { now: () => NOW, env: { JWT_SECRET } });
    close = testApp.close;
    target = {
      app: testApp.app,
      db: testApp.db,
      ...(await prepare(testApp.app, testApp.db, addDays(TODAY, 2))),
    };
  });
  afterAll(() => close());

  it('reaches the handlers of three quarters of the routes without a generated request', async () => {
    const { routes, failures, handled } = await fuzzRoutes(target, { generated: 0 });
    expect(failures).toEqual([]);
    expect(handled.size, `routes handled: ${[...handled].join(', ')}`).toBeGreaterThanOrEqual(
      Math.floor(routes * 0.75),
    );
  }, 120_000);
});

describe.each(backends)('payment routes with Razorpay under generated requests on %s', (backend) => {
  const keys = { keyId: 'rzp_test_fuzz', keySecret: 'fuzz-key-secret', webhookSecret: 'fuzz-webhook-secret' };
  let target: FuzzTarget;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const testApp = await createRazorpayTestApp(backend, keys, { JWT_SECRET });
    close = testApp.close;
    // This app runs on the real clock (the provider double's links expire by it).
    const today = todayIn(loadConfig({}).clinicTimeZone);
    const tokens = await prepare(testApp.app, testApp.db, addDays(today, 2));
    // Half the webhook's generated bodies go out signed, so the handler reads them.
    const signer: Signer = (payload) => ({
      'x-razorpay-signature': signWebhook(keys.webhookSecret, payload),
    });
    target = { app: testApp.app, db: testApp.db, ...tokens, signer };
  });
  afterAll(() => close());

  it('answers no 5xx, a JSON detail with every 4xx, and changes no row when it refuses', async () => {
    const { routes, failures, handled } = await fuzzRoutes(target, {
      only: (route) => /payment|razorpay|refund/.test(route),
    });
    expect(routes).toBeGreaterThanOrEqual(7);
    expect(failures, `seed ${SEED} (replay with FUZZ_SEED=${SEED})`).toEqual([]);
    expect(handled, 'the signed webhooks reach the handler').toContain('POST /api/payment/webhook');
  });
});
