import { setupI18n } from '@lingui/core';
import type { SystemHealth } from '@therapy/shared/system-schemas';
import { describe, expect, it } from 'vitest';
import englishSystem from '../../../i18n/en/system.json';
import hindiSystem from '../../../i18n/hi/system.json';
import type { Locale } from '../../../i18n/locale';
import type { Translate } from '../../../i18n/use-t';
import { allWell, systemLines } from './system-lines';

function translator(locale: Locale): Translate {
  const messages = locale === 'en' ? englishSystem : hindiSystem;
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  return (id, values) => i18n._(id, values);
}

const QUIET: SystemHealth = {
  checked_at: '2026-11-22T04:00:00.000Z',
  outbox: {
    email: { due: 0, oldest_due_seconds: null },
    whatsapp: { due: 0, oldest_due_seconds: null },
    other: { due: 0, oldest_due_seconds: null },
  },
  outbox_capped: false,
  jobs_retrying: 0,
  jobs_failed_last_24h: 0,
  holds_expired_today: 4,
  reminders_due_next_hour: 3,
  database: { backend: 'postgres', in_use: 2, max: 10, waiting: 0 },
};

const BUSY: SystemHealth = {
  ...QUIET,
  outbox: {
    email: { due: 5, oldest_due_seconds: 3 * 60 + 20 },
    whatsapp: { due: 1, oldest_due_seconds: 3 * 3600 },
    other: { due: 1, oldest_due_seconds: 5 },
  },
  jobs_retrying: 1,
  jobs_failed_last_24h: 2,
  database: { backend: 'pglite', in_use: 1, max: 1, waiting: 3 },
};

const sentences = (health: SystemHealth, locale: Locale) =>
  systemLines(health, translator(locale)).map((line) => `${line.attention ? '!' : '-'} ${line.text}`);

describe('the System screen’s sentences', () => {
  it('says a quiet system is up to date, in English', () => {
    expect(allWell(QUIET)).toBe(true);
    expect(sentences(QUIET, 'en')).toEqual([
      '- E-mails are up to date',
      '- WhatsApp messages are up to date',
      '- All jobs are up to date',
      '- No job failed in the last 24 hours',
      '- Holds expired today: 4',
      '- Reminders due in the next hour: 3',
      '- Database connections in use: 2 of 10',
    ]);
  });

  it('says how far behind, what failed and what waits, marking what needs attention', () => {
    expect(allWell(BUSY)).toBe(false);
    expect(sentences(BUSY, 'en')).toEqual([
      '- E-mails are 3 minutes behind',
      '! WhatsApp messages are 3 hours behind',
      '! 7 jobs are waiting, the oldest for 3 hours',
      '! 2 jobs failed in the last 24 hours',
      '! 1 job is being tried again after an error',
      '- Holds expired today: 4',
      '- Reminders due in the next hour: 3',
      '- Database connections in use: 1 of 1 (the embedded database has one)',
      '! 3 requests are waiting for a database connection',
    ]);
  });

  it('says the same in Hindi', () => {
    expect(sentences(BUSY, 'hi')).toEqual([
      '- ईमेल 3 मिनट पीछे चल रहे हैं',
      '! WhatsApp संदेश 3 घंटे पीछे चल रहे हैं',
      '! 7 काम बाकी हैं, सबसे पुराना 3 घंटे से',
      '! पिछले 24 घंटों में 2 काम विफल हुए',
      '! 1 काम त्रुटि के बाद फिर से आज़माया जा रहा है',
      '- आज समाप्त हुए होल्ड: 4',
      '- अगले एक घंटे में भेजे जाने वाले रिमाइंडर: 3',
      '- उपयोग में डेटाबेस कनेक्शन: 1 में से 1 (अंतर्निहित डेटाबेस में एक ही होता है)',
      '! 3 अनुरोध डेटाबेस कनेक्शन की प्रतीक्षा में हैं',
    ]);
  });
});
