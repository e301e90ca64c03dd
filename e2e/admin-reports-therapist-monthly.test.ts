import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicDate } from './support/admin-data.ts';
import { launchChromium } from './support/browser.ts';
import { fetchMonthly, formatRupees } from './support/report-data.ts';
import { ARJUN_IYER, bookReportDay, downloadExcel } from './support/report-day.ts';
import { openSignedIn, panel, tab } from './support/report-screens.ts';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

describe('admin reports', () => {
  let browser: Browser;
  let downloads: string;
  let reportDay = '';

  beforeAll(async () => {
    browser = await launchChromium();
    ({ reportDay } = await bookReportDay({ paid: '18:00', pending: '15:00', cancelled: '14:00' }));
    downloads = await mkdtemp(path.join(tmpdir(), 'therapy-reports-'));
  });
  afterAll(async () => {
    await browser?.close();
    await rm(downloads, { recursive: true, force: true });
  });

  const open = (pathname: string) => openSignedIn(browser, pathname);
  const download = (page: Page) => downloadExcel(page, downloads);

  it("shows each therapist's month on the Therapist Monthly Report and exports it", async () => {
    const { context, page, errors } = await open('/admin/reports');
    await tab(page, 'Therapist Monthly Report').click();
    const yearInput = panel(page).getByLabel('Year');
    const monthSelect = panel(page).getByLabel('Month');
    const [thisYear, thisMonth] = clinicDate(0).split('-').map(Number) as [number, number];
    expect(await yearInput.inputValue()).toBe(String(thisYear));
    expect(await yearInput.getAttribute('min')).toBe('2020');
    expect(await yearInput.getAttribute('max')).toBe(String(thisYear + 5));
    expect(await monthSelect.inputValue()).toBe(String(thisMonth));
    expect(await monthSelect.locator('option').allTextContents()).toEqual(MONTHS);

    await yearInput.fill('2019');
    await panel(page)
      .getByText(`Enter a year from 2020 to ${thisYear + 5}.`)
      .waitFor();

    const [year, month] = reportDay.split('-').map(Number) as [number, number];
    await yearInput.fill(String(year));
    await monthSelect.selectOption(String(month));
    const table = page.getByRole('table', { name: `Therapist performance in ${MONTHS[month - 1]} ${year}` });
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Arjun Iyer' }) });
    await row.waitFor();

    const report = await fetchMonthly(year, month);
    const arjun = report.therapist_performance.find((line) => line.therapist_id === ARJUN_IYER)!;
    expect(arjun.completed_sessions).toBeGreaterThanOrEqual(1);
    expect(arjun.total_income).toBeGreaterThanOrEqual(900);
    expect([
      ...(await row.getByRole('cell').allTextContents()).slice(0, 1),
      await row.getByRole('rowheader').textContent(),
      ...(await row.getByRole('cell').allTextContents()).slice(1),
    ]).toEqual([
      String(ARJUN_IYER),
      'Arjun Iyer',
      String(arjun.total_sessions),
      String(arjun.completed_sessions),
      String(arjun.missed_or_cancelled_sessions),
      formatRupees(arjun.total_income),
    ]);

    const { name, sheets } = await download(page);
    expect(name).toBe(`Therapist_Monthly_Report_${year}-${month}.xlsx`);
    expect(sheets.map((sheet) => sheet.sheet)).toEqual(['Therapist_Monthly']);
    const data = sheets[0]!.data;
    expect(data[0]).toEqual([
      'Therapist ID',
      'Name',
      'Total Sessions',
      'Completed Sessions',
      'Missed/Cancelled',
      'Total Income',
    ]);
    expect(data).toHaveLength(report.therapist_performance.length + 1);
    expect(data.find((line) => line[0] === ARJUN_IYER)).toEqual([
      ARJUN_IYER,
      'Arjun Iyer',
      arjun.total_sessions,
      arjun.completed_sessions,
      arjun.missed_or_cancelled_sessions,
      arjun.total_income,
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
