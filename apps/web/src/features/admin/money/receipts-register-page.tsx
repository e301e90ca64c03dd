import { DOCUMENT_TITLES, type Register } from '@therapy/shared/money-papers-schemas';
import { useState } from 'react';
import { StatePanel } from '../../../components/state-panel';
import { useFetch } from '../../../lib/use-fetch';
import { clinicToday, formatAmount, formatDate } from '../admin-format';
import { TableScroller } from '../ui/table-scroller';
import { fetchRegister, registerPath } from './money-api';
import { MoneyReportPage } from './money-report-page';

export const REGISTER_EMPTY = 'No receipts, invoices or credit notes in this period.';

const firstOfMonth = (date: string) => `${date.slice(0, 7)}-01`;

/** Superadmins: every document of a period, as an accountant files GST returns from it. */
export function ReceiptsRegisterPage() {
  const today = clinicToday();
  const [range, setRange] = useState({ from: firstOfMonth(today), to: today });
  const register = useFetch<Register>(
    `register:${range.from}:${range.to}`,
    (signal) => fetchRegister(range, signal),
    { keepPrevious: true },
  );
  return (
    <MoneyReportPage
      title="Receipts Register"
      subtitle="Every receipt, tax invoice and credit note issued in the period, with its tax split."
      filters={<PeriodFields range={range} onChange={setRange} />}
      download={{ path: registerPath(range, 'xlsx'), fileName: `Receipts_${range.from}_${range.to}.xlsx` }}
      report={register}
      what="the register"
    >
      {(data, busy) => <RegisterTable register={data} busy={busy} />}
    </MoneyReportPage>
  );
}

type Period = { from: string; to: string };

function PeriodFields({ range, onChange }: { range: Period; onChange: (next: Period) => void }) {
  return (
    <>
      <label>
        From
        <input
          className="input"
          type="date"
          value={range.from}
          max={range.to}
          onChange={(e) => e.target.value && onChange({ ...range, from: e.target.value })}
        />
      </label>
      <label>
        To
        <input
          className="input"
          type="date"
          value={range.to}
          min={range.from}
          onChange={(e) => e.target.value && onChange({ ...range, to: e.target.value })}
        />
      </label>
    </>
  );
}

/** The register's column headings. */
const REGISTER_HEAD = (
  <thead>
    <tr>
      <th scope="col">Number</th>
      <th scope="col">Date</th>
      <th scope="col">Kind</th>
      <th scope="col">Client state</th>
      <th scope="col" className="admin-table__amount">
        Taxable value
      </th>
      <th scope="col" className="admin-table__amount">
        Rate
      </th>
      <th scope="col" className="admin-table__amount">
        CGST
      </th>
      <th scope="col" className="admin-table__amount">
        SGST
      </th>
      <th scope="col" className="admin-table__amount">
        IGST
      </th>
      <th scope="col" className="admin-table__amount">
        Total
      </th>
      <th scope="col">Against</th>
    </tr>
  </thead>
);

function RegisterTable({ register, busy }: { register: Register; busy: boolean }) {
  if (register.items.length === 0) {
    return (
      <div className="admin-panel">
        <StatePanel>
          <p className="state-panel__message">{REGISTER_EMPTY}</p>
        </StatePanel>
      </div>
    );
  }
  const { totals } = register;
  return (
    <section className="admin-panel" aria-labelledby="register-heading">
      <h2 id="register-heading">Documents</h2>
      <TableScroller label="Documents">
        <table className="admin-table" aria-busy={busy || undefined}>
          <caption className="visually-hidden">
            Documents issued from {formatDate(register.from)} to {formatDate(register.to)}
          </caption>
          {REGISTER_HEAD}
          <RegisterRows register={register} />
          <tfoot>
            <tr>
              <th scope="row" colSpan={4}>
                Total (credit notes subtracted)
              </th>
              <td className="admin-table__amount">{formatAmount(totals.taxable_value)}</td>
              <td />
              <td className="admin-table__amount">{formatAmount(totals.cgst)}</td>
              <td className="admin-table__amount">{formatAmount(totals.sgst)}</td>
              <td className="admin-table__amount">{formatAmount(totals.igst)}</td>
              <td className="admin-table__amount">{formatAmount(totals.total)}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      </TableScroller>
    </section>
  );
}

function RegisterRows({ register }: { register: Register }) {
  return (
    <tbody>
      {register.items.map((row) => (
        <tr key={row.number}>
          <td className="tabular-nums">{row.number}</td>
          <td>{formatDate(row.date)}</td>
          <td>{DOCUMENT_TITLES[row.kind]}</td>
          <td>{row.client_state || 'N/A'}</td>
          <td className="admin-table__amount">{formatAmount(row.taxable_value)}</td>
          <td className="admin-table__amount">{row.sac ? `${row.rate_percent}%` : 'Exempt'}</td>
          <td className="admin-table__amount">{formatAmount(row.cgst)}</td>
          <td className="admin-table__amount">{formatAmount(row.sgst)}</td>
          <td className="admin-table__amount">{formatAmount(row.igst)}</td>
          <td className="admin-table__amount">{formatAmount(row.total)}</td>
          <td className="tabular-nums">{row.linked_number ?? ''}</td>
        </tr>
      ))}
    </tbody>
  );
}
