// The global layer first, in this order: a feature's own CSS (imported by its page, through App)
// comes after it and may override it.
import './styles/base.css';
import './styles/layout.css';
import './styles/controls.css';
import './styles/shared-pieces.css';
import './styles/booking-kit.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { activateLocale } from './i18n/i18n';
import { cookieLocale, hasStoredLocale, preferredLocale, writeLocaleCookie } from './i18n/locale';
import { afterShellShown } from './lib/after-shell-shown';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element in index.html');

function render() {
  // The app replaces the server's shell, in the same task (nothing blank is painted): rendering
  // into it, Preact would compare and strip nodes it does not keep (decision 066).
  (root as HTMLElement).textContent = '';
  createRoot(root as HTMLElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// A visitor who chose Hindi (or whose browser asks for it) sees Hindi from the first render; if its
// catalogue cannot be fetched, the page comes up in English rather than not at all.
const locale = preferredLocale();
// A choice made before the cookie existed: the server learns it for the next first paint.
if (hasStoredLocale() && cookieLocale() !== locale) writeLocaleCookie(locale);
activateLocale(locale)
  .catch(() => undefined)
  .finally(() => afterShellShown(render));
