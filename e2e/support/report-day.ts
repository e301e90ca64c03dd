import path from 'node:path';
import type { Page } from 'playwright-core';
import readXlsxFile from 'read-excel-file/node';
import { openDate } from './admin-data.ts';
import { createInPersonBooking, createPaidOnlineBooking } from './report-data.ts';
import { panel } from './report-screens.ts';

// Therapists the other browser tests leave alone.
export const ARJUN_IYER = 6; // online, 08:00 to 13:00 and 17:00 to 20:00, ₹900
const MEERA_JOSHI = 7; // in person at location 1, 13:00 to 20:00
const WEST_BRANCH = 1;

export const utcDay = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

export type ReportDay = {
  reportDay: string;
  paid: { id: number; paymentId: string };
  pendingId: number;
  cancelledId: number;
};

/** The start times of a report day's bookings: Arjun Iyer's online one, Meera Joshi's two. */
export type ReportStarts = { paid: string; pending: string; cancelled: string };

/**
 * A day both work, about 10 days ahead (Meera Joshi works Monday to Friday), with a paid online
 * booking, a pending in-person one and a cancelled in-person one. Each report file passes starts of
 * its own: two files may run side by side on one server, and would otherwise take each other's slot.
 */
export async function bookReportDay(starts: ReportStarts): Promise<ReportDay> {
  const reportDay = await openDate(
    10,
    { therapistId: MEERA_JOSHI, locationId: WEST_BRANCH, starts: [starts.cancelled, starts.pending] },
    { therapistId: ARJUN_IYER, locationId: 0, starts: [starts.paid] },
  );
  const paid = await createPaidOnlineBooking({
    therapistId: ARJUN_IYER,
    date: reportDay,
    start: starts.paid,
    name: 'E2E Report Paid',
  });
  const inPerson = { therapistId: MEERA_JOSHI, locationId: WEST_BRANCH, date: reportDay };
  const pendingId = await createInPersonBooking({
    ...inPerson,
    start: starts.pending,
    name: 'E2E Report Pending',
  });
  const cancelledId = await createInPersonBooking(
    { ...inPerson, start: starts.cancelled, name: 'E2E Report Cancelled' },
    true,
  );
  return { reportDay, paid, pendingId, cancelledId };
}

/** Clicks Download Excel and reads the file the browser saved into the folder given. */
export async function downloadExcel(page: Page, downloads: string) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    panel(page).getByRole('button', { name: 'Download Excel' }).click(),
  ]);
  const target = path.join(downloads, file.suggestedFilename());
  await file.saveAs(target);
  return { name: file.suggestedFilename(), sheets: await readXlsxFile(target) };
}
