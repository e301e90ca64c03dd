import type { Target } from './targets.ts';

/** Starts the line on which a scenario process hands its rows to run.ts. */
export const ROWS_MARKER = 'bench-rows: ';

export type Row = {
  group: string;
  metric: string;
  measured: string;
  target: string;
  /** Undefined for information only. */
  met?: boolean;
};

/** Measured figures, each checked against its target (if it has one), printed as one table. */
export class Report {
  readonly rows: Row[] = [];

  /** A figure without a target, e.g. `info(g, 'p50 / p97.5', [3, 12], 'ms')`. */
  info(group: string, metric: string, values: number | number[], unit: string) {
    const measured = `${[values].flat().map(formatNumber).join(' / ')} ${unit}`.trim();
    this.rows.push({ group, metric, measured, target: '' });
  }

  check(group: string, metric: string, value: number, target: Target) {
    const met =
      target.kind === 'at most'
        ? value <= target.limit
        : target.kind === 'at least'
          ? value >= target.limit
          : value === target.limit;
    this.rows.push({
      group,
      metric,
      measured: `${formatNumber(value)} ${target.unit}`.trim(),
      target: `${symbol[target.kind]} ${formatNumber(target.limit)} ${target.unit}`.trim(),
      met,
    });
  }

  /** A line of explanation under a scenario (what went wrong, what was measured). */
  note(group: string, text: string) {
    this.rows.push({ group, metric: text, measured: '', target: '' });
  }

  /** A scenario that could not run: it counts as a missed target. */
  failed(group: string, message: string) {
    this.rows.push({ group, metric: `FAILED: ${message}`, measured: '', target: '', met: false });
  }

  get missed(): number {
    return this.rows.filter((row) => row.met === false).length;
  }

  get met(): number {
    return this.rows.filter((row) => row.met === true).length;
  }

  print(write: (line: string) => void = console.log) {
    const table = [
      ['scenario', 'metric', 'measured', 'target', ''],
      ...this.rows.map((row) => [
        row.group,
        row.metric,
        row.measured,
        row.target,
        row.met === undefined ? '' : row.met ? 'ok' : 'MISSED',
      ]),
    ];
    const widths = table[0]!.map((_, column) => Math.max(...table.map((cells) => cells[column]!.length)));
    const line = (cells: string[]) =>
      cells
        .map((cell, column) =>
          column === 2 || column === 3 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!),
        )
        .join('  ')
        .trimEnd();
    write(line(table[0]!));
    write(widths.map((width) => '-'.repeat(width)).join('  '));
    let previousGroup = '';
    for (const cells of table.slice(1)) {
      write(line(cells[0] === previousGroup ? ['', ...cells.slice(1)] : cells));
      previousGroup = cells[0]!;
    }
  }
}

const symbol: Record<Target['kind'], string> = { 'at most': '<=', 'at least': '>=', exactly: '=' };

/** Whole numbers with thousands separators; fractions to 2 significant decimals below 10. */
function formatNumber(value: number): string {
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  const digits = Math.abs(value) < 10 ? 2 : 1;
  return value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}
