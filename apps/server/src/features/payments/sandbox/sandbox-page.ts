import { formatPaise } from '@therapy/shared/money';
import { escapeHtml } from '../../../http/html.ts';

/** The sandbox's payment page: plain server-rendered HTML, no script, readable on a phone. */

/** Its stylesheet, served as a file (sandbox-routes.ts): the CSP allows no inline <style>. */
export const SANDBOX_PAGE_CSS_PATH = '/sandbox/sandbox.css';

export const SANDBOX_PAGE_CSS = `body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f8fafc; color: #0f172a; }
main { max-width: 28rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border: 1px solid #e2e8f0; border-radius: 12px; }
h1 { font-size: 1.375rem; margin: 0 0 .25rem; }
.note { color: #475569; margin: 0 0 1.25rem; }
.amount { font-size: 2rem; font-weight: 700; font-variant-numeric: tabular-nums; margin: .5rem 0; }
button { display: block; width: 100%; min-height: 48px; margin-top: .75rem; border-radius: 8px; font: inherit; font-weight: 600; cursor: pointer; }
.pay { background: #0f766e; color: #fff; border: 0; }
.fail { background: #fff; color: #b91c1c; border: 1px solid #b91c1c; }
button:focus-visible { outline: 3px solid #0f172a; outline-offset: 2px; }
`;

export function renderSandboxPage(link: {
  id: string;
  amount_paise: number;
  description: string;
  status: string;
}) {
  const open = link.status === 'created';
  const amount = formatPaise(link.amount_paise);
  const body = open
    ? `<form method="post" action="/sandbox/pay/${escapeHtml(link.id)}">
        <button class="pay" type="submit" name="outcome" value="paid">Pay ${amount}</button>
        <button class="fail" type="submit" name="outcome" value="failed">Fail payment</button>
      </form>`
    : `<p class="status" role="status">This payment link is ${escapeHtml(link.status)}.</p>
      <form method="post" action="/sandbox/pay/${escapeHtml(link.id)}">
        <button class="pay" type="submit" name="outcome" value="paid">Return to the booking</button>
      </form>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox payment</title>
<link rel="stylesheet" href="${SANDBOX_PAGE_CSS_PATH}">
</head>
<body>
<main>
  <h1>Sandbox payment</h1>
  <p class="note">A test payment page: no money moves. Choose how the payment ends.</p>
  <p>${escapeHtml(link.description)}</p>
  <p class="amount">${amount}</p>
  ${body}
</main>
</body>
</html>`;
}
