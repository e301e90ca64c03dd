/**
 * The product's speed and memory targets, all in one place (team rule: they live in benchmarks,
 * not in timed tests). `npm run bench` checks them; docs/benchmarks.md has the figures
 * measured when they were set, on the 2-CPU development machine with other work running on it.
 *
 * How to read them: wall-clock figures (req/s, latency) depend on what else the machine is
 * doing (they varied 5 to 10x between runs here), so their targets are what a visitor must get
 * even on a busy machine. The CPU time a request costs varies far less (under 2x), so those
 * targets are the tight ones: they catch a slower query, an N+1 or a heavier serializer.
 * (A catalogue read that misses its req/s or p99 target is run again, the best of 3 counting.)
 * Raise a target only with a reason written next to it.
 */
export type Target = {
  readonly kind: 'at most' | 'at least' | 'exactly';
  readonly limit: number;
  readonly unit: string;
};

const atMost = (limit: number, unit: string): Target => ({ kind: 'at most', limit, unit });
const atLeast = (limit: number, unit: string): Target => ({ kind: 'at least', limit, unit });
const exactly = (limit: number, unit = ''): Target => ({ kind: 'exactly', limit, unit });

export const targets = {
  /** Each of GET /therapists, /locations, /api/open-slots, /availability-slots, /booked-slots; 10 connections. */
  catalogue: {
    // Every wizard step makes one or two of these calls. Measured on PGlite 500 to 3,100 req/s
    // per call (the slowest, /therapists and /booked-slots, 500 to 1,200); under 200 only with
    // the machine overloaded (load average 11 on 2 CPUs). PostgreSQL: 1,800 to 10,600.
    requestsPerSecond: atLeast(200, 'req/s'),
    // A wizard step should fill in without a visible wait (a tenth of a second or so) for
    // nearly everyone; measured 8 to 48 ms, up to 125 ms while other work ran on the machine.
    p99: atMost(150, 'ms'),
    // Measured 0.3 (/locations) to 1.6 ms (/booked-slots, which grows with the bookings held);
    // PGlite's query is most of it (on PostgreSQL the server spends 0.07 to 0.4 ms). An extra
    // query costs about 0.5 ms, an N+1 over the 8 therapists several ms: 3 ms catches both.
    cpuMsPerRequest: atMost(3, 'ms'),
    // A read must never fail under load.
    failures: exactly(0),
    // Issue 13: each catalogue read (served from memory, ADR 035) at half or more of what a bare
    // Fastify JSON route answers on this machine in the same run; PostgreSQL runs only (PGlite
    // answers one query at a time). Before the cache: 5 to 16% (/healthz 34%).
    shareOfBareRoute: atLeast(0.5, '×'),
    // /booked-slots and open slots follow every booking: kept a second at most and dropped by
    // any write to the instance (ADR 036). Before that cache: 0.01 and 0.04; measured 0.41–0.45.
    shareOfBareRouteBookingReads: atLeast(0.25, '×'),
  },
  /**
   * The one open-slot function (loadSchedules + loadBusyTimes + openSlots) for 200 therapists
   * over the 15-day window at once, a third of their sessions booked: held to the catalogue
   * reads' targets, the CPU one as a ratio to a catalogue read measured in the same run.
   */
  openSlots: {
    // One therapist's fortnight of open slots (its share of the 200 computed at once) against
    // one catalogue read measured in the same run (whose own target is 3 ms), so it holds on a
    // busy machine too. Measured 0.98 before the open-slot function stopped re-parsing times per
    // comparison, 0.43 after, while a catalogue read still asked the database. Since the reads
    // are answered from memory (ADR 035, 036) a read costs a tenth of that (0.02–0.03 ms), so
    // the ratio moves more between runs: measured 7.8–8.6 (PostgreSQL) and 15.9–21.3 (PGlite).
    // An N+1 over the 200 therapists (a PGlite query each, about 0.5 ms) would add some 20.
    cpuPerTherapistVsCatalogueRead: atMost(40, '×'),
    // And its wall-clock share stays within a catalogue read's p99 (measured 4 to 8 ms, busy machine).
    p99PerTherapist: atMost(150, 'ms'),
  },
  /** 400 bookings of distinct free slots, 20 visitors at once. */
  bookings: {
    // A busy clinic takes a few bookings a minute; 40 a second is ample. Measured 140 to 260
    // on PGlite (one connection, so bookings queue), about 35 with the machine overloaded;
    // 200 to 400 on PostgreSQL.
    requestsPerSecond: atLeast(40, 'req/s'),
    // Even the last of 20 visitors pressing "Confirm" at the same moment waits under 2 s;
    // measured 0.43 to 0.75 s (queueing behind the others), 1.7 s with other work running.
    p99: atMost(2000, 'ms'),
    // Measured 3.5 to 6.6 ms on PGlite (checks, then the booking's queries in a transaction).
    cpuMsPerBooking: atMost(12, 'ms'),
    // Every booking of a free slot succeeds.
    notCreated: exactly(0),
  },
  /** 3 rounds of 50 simultaneous bookings of one slot: correctness under contention. */
  contention: {
    // The database guarantees one booking per slot: one 201 and 49 409s in every round.
    badRounds: exactly(0),
    // No slot is held twice, and the held slots are exactly the bookings made.
    doubleHeld: exactly(0),
    unaccounted: exactly(0),
  },
  /** Issue 30 (decision 054): the largest public reads and the page, compressed for a browser. */
  compression: {
    // JSON and HTML shrink to a fifth or less with Brotli: measured 0.10–0.2. Half would mean
    // the answer went out plain (or compressed per request at the lowest level).
    bytesRatio: atMost(0.5, '×'),
  },
  /** The server process (it runs the scenarios in a process of its own). */
  memory: {
    // What stays after the load: 37 to 40 MB measured. A leak of requests or bookings shows here.
    heapUsedAfterLoadMb: atMost(80, 'MB'),
    // PGlite alone takes about 350 MB (PostgreSQL in WebAssembly): measured 545 to 600 MB after
    // start, 570 to 700 MB at the peak (on PostgreSQL 195 and 340). A 1 GB VM must still do.
    peakRssMb: atMost(850, 'MB'),
    // Issue 13: the whole run of the server's process, its start included (a fresh database:
    // initdb, migrations, demo data). The embedded database's initdb alone peaked at 830 MB in
    // process (962 MB for the start); it now runs in a child process that gives the memory back
    // (ADR 035). This process also holds tsx, the bench and autocannon's worker thread, which
    // alone raised a bare Fastify route's process from 100 to 143 MB under the same load: so
    // 300 MB on PostgreSQL here, 250 for the server on its own (serverPeakRssPostgresMb).
    peakRssWholeRunEmbeddedMb: atMost(500, 'MB'),
    peakRssWholeRunPostgresMb: atMost(300, 'MB'),
    // The same for the server as `npm start` runs it (main.ts in a process of its own, the load
    // from outside): the figure the issue asks about, without the bench's own tsx and autocannon.
    serverPeakRssEmbeddedMb: atMost(500, 'MB'),
    serverPeakRssPostgresMb: atMost(250, 'MB'),
  },
  /** 1,000 e-mails queued at once, drained by one server's worker into a loopback SMTP server. */
  mail: {
    // A clinic's busiest moments (a campaign, a day's reminders, a therapist's leave cancelling
    // many sessions) queue hundreds of e-mails; each should leave within half a minute. The
    // one-at-a-time worker (10 jobs every 2 s, a new connection per message) needed over 3
    // minutes: 380 sent in 120 s. Measured 9 s on both backends with the machine busy.
    drainSeconds: atMost(30, 's'),
    // Worker, database, mailer and the SMTP server receiving, all in the scenario's process:
    // measured 5.9 ms on PGlite, 3.4 on PostgreSQL (8.7 on PGlite while each e-mail still built
    // its date formatters). 10 ms catches an extra query per job or a connection per message.
    cpuMsPerEmail: atMost(10, 'ms'),
    // Every job done, and none sent twice.
    notDone: exactly(0),
    sentTwice: exactly(0),
  },
  web: {
    // ADR 007: most visitors book on a phone, often on a slow connection. Issue 30 set the goal
    // of 75 kB (the entry script and every chunk it imports, decision 054); measured 86.2 kB
    // before it, 81.1 kB on React (about 68 kB of it), 22.4 kB on Preact (decision 064). The
    // budget stays at 75: React brought back, or a large library on the first screen, misses it.
    firstScreenJsKb: atMost(75, 'kB'),
    // Issue 15: the Hindi first screen is the English one plus the Hindi core catalogue, fetched
    // only when Hindi is chosen (decision 042). Issue 30 allows 3 kB more; measured 2.9 kB.
    hindiExtraKb: atMost(3, 'kB'),
  },
  /**
   * Lighthouse, mobile preset, on `/`, `/book` with the Hindi cookie and `/payment-status`
   * (issues 13 and 30): median of 3 runs.
   */
  lighthouse: {
    // Most visitors book on a phone, often on a slow connection: a fast first page is the product.
    // The issue measured 93 to 95 (/) and 89 to 91 (/payment-status), LCP up to 3 s; issue 30
    // asks for 100 (decision 066). Lighthouse multiplies the main-thread work it sees by 4, so a
    // machine busy with other work costs points the pages did not lose (the bench says BUSY).
    performance: atLeast(100, 'score'),
    accessibility: atLeast(100, 'score'),
    bestPractices: atLeast(100, 'score'),
    seo: atLeast(100, 'score'),
  },
  /**
   * `npm run bench -- --scale` (issue 13): every call an admin screen makes, and the public
   * reads, at a million bookings over three years, 200 therapists and ~200,000 clients on
   * PostgreSQL, each timed 30 times one after another.
   */
  scale: {
    // An admin screen should answer without a visible wait even in a busy clinic's third year.
    medianMs: atMost(100, 'ms'),
    // No admin answer grows with the history: a page, a day or a month's grid, never the lot.
    answerBytes: atMost(1_000_000, 'bytes'),
    // The same screens in Chromium (bench/scale-screens.ts): from opening a screen to its first
    // rows (the admin app's code, the calls and React's rendering), or from Next to the next
    // page's rows. A couple of seconds is what an admin tolerates on a busy day, with room for
    // a shared machine: measured 420–550 ms to the first rows, 50–140 ms to the next page.
    screenMs: atMost(3_000, 'ms'),
    // Issue 30: the dashboard's outside-schedule notice and the Outside schedule page against the
    // calendar month in the same run (13 ms idle), which holds on a busy machine: measured 17.8
    // and 22 times before the single scan (decision 054), 1.1 and 2.2 after.
    outsideScheduleVsCalendarMonth: atMost(4, '×'),
    // Issue 29: the owner's overview, every figure of a 12-month period and the period before,
    // from the tables of facts of migration 0027 (decision 059): its p99 of 30 runs, in place of
    // the median target above (the "under 200 ms").
    overviewP99Ms: atMost(200, 'ms'),
  },
} as const;
