import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Issue 23 (decision 044): one rule, one home. A booking's status is asked through the shared
 * state table (booking-states.ts; in SQL through db/booking-state-sql.ts and migration 0017), and
 * money changes unit only in money.ts. This test reads every source file of apps/ and packages/
 * (not tests, not test kits) and fails on a raw `payment_status` comparison or a `/ 100` or
 * `* 100` outside those homes.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const STATE_HOMES = ['packages/shared/src/booking-states.ts', 'apps/server/src/db/booking-state-sql.ts'];
const MONEY_HOMES = ['packages/shared/src/money.ts'];
/** A `* 100` that is not money, with the reason. */
const NOT_MONEY = new Map([['apps/web/src/components/step-indicator.tsx', 'a percentage of the steps']]);

const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'test', 'fault-tests']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Each code line (comments dropped) of every source file, as [file:line, text]. */
function codeLines(): [string, string, string][] {
  return ['apps', 'packages'].flatMap((top) =>
    sourceFiles(path.join(ROOT, top)).flatMap((file) => {
      const relative = path.relative(ROOT, file).split(path.sep).join('/');
      return readFileSync(file, 'utf8')
        .split('\n')
        .map((text, index): [string, string, string] => [relative, `${relative}:${index + 1}`, text])
        .filter(([, , text]) => !/^\s*(\/\/|\/\*|\*)/.test(text));
    }),
  );
}

const RAW_STATUS = [
  // TypeScript: payment_status === 'COMPLETED', 'FAILED' !== b.payment_status
  /payment_status\s*[!=]==?\s*['"`]/,
  /['"`]\s*[!=]==?\s*[\w.?]*payment_status\b/,
  // ['FAILED', 'INITIATED'].includes(booking.payment_status)
  /\[\s*'[A-Z_]+'[^\]]*\]\.includes\([\w.?]*payment_status\)/,
  // SQL: payment_status = 'COMPLETED', <> 'FAILED', IN ('PENDING', …) (an UPDATE's SET is not a question)
  /(?<!(\bSET|,)\s*)\b(\w+\.)?payment_status\s*(=|<>|!=)\s*'/,
  /payment_status\s+(NOT\s+)?IN\s*\(\s*'/i,
];
const MONEY_CONVERSION = /(\/|\*)\s*100\b(?![._\d])/;

describe('one rule, one home (issue 23)', () => {
  const lines = codeLines();

  it('reads the source of both apps and the shared package', () => {
    expect(lines.some(([file]) => file.startsWith('apps/server/src/'))).toBe(true);
    expect(lines.some(([file]) => file.startsWith('apps/web/src/'))).toBe(true);
    expect(lines.some(([file]) => file === 'packages/shared/src/booking-states.ts')).toBe(true);
  });

  it('asks a booking’s status through the state table, never by comparing payment_status', () => {
    const raw = lines
      .filter(([file, , text]) => !STATE_HOMES.includes(file) && RAW_STATUS.some((rule) => rule.test(text)))
      .map(([, where, text]) => `${where}: ${text.trim()}`);
    expect(raw).toEqual([]);
  });

  it('changes money between paise and rupees only in money.ts', () => {
    const raw = lines
      .filter(
        ([file, , text]) =>
          !MONEY_HOMES.includes(file) && !NOT_MONEY.has(file) && MONEY_CONVERSION.test(text),
      )
      .map(([, where, text]) => `${where}: ${text.trim()}`);
    expect(raw).toEqual([]);
  });

  it('catches the forms it is meant to catch', () => {
    const caught = (text: string) => RAW_STATUS.some((rule) => rule.test(text));
    expect(caught("if (booking.payment_status === 'COMPLETED') {")).toBe(true);
    expect(caught("WHERE b.payment_status = 'COMPLETED' AND NOT b.cancelled")).toBe(true);
    expect(caught("AND payment_status IN ('PENDING', 'COMPLETED')")).toBe(true);
    expect(caught("(b.cancelled OR b.payment_status <> 'INITIATED')")).toBe(true);
    expect(caught("['FAILED', 'INITIATED'].includes(answer.data.payment_status)")).toBe(true);
    expect(caught("`UPDATE bookings SET payment_status = 'FAILED', updated_at = now()")).toBe(false);
    expect(caught("SET cancelled = true, payment_status = 'CANCELLED'")).toBe(false);
    expect(MONEY_CONVERSION.test('price: price_paise / 100,')).toBe(true);
    expect(MONEY_CONVERSION.test('Math.round(rupees * 100)')).toBe(true);
    expect(MONEY_CONVERSION.test('amount: 150_000, timeout: 1000')).toBe(false);
  });
});
