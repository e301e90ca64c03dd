import { GAD7_ITEMS, isAnswer, PHQ9_ITEMS } from '@therapy/shared/measures';
import { type IntakeAnswers, paddedAnswers, type StoredAnswers } from '@therapy/shared/measures-schemas';
import { normalizeMobile } from '@therapy/shared/mobile-number';
import type { NoteCipher } from '../bookings/note-cipher.ts';

/** The column the answers' ciphertexts are bound to (decision 038's cipher, another purpose). */
export const MEASURE_ANSWERS_PURPOSE = 'measure_forms.sealed_answers';

export const NO_ANSWERS: StoredAnswers = {
  phq9: paddedAnswers([], PHQ9_ITEMS),
  phq9_difficulty: null,
  gad7: paddedAnswers([], GAD7_ITEMS),
  reason: null,
  emergency_contact: null,
  consent: false,
};

/** The stored answers, opened; none when nothing was saved (or the key no longer opens them). */
export function openAnswers(sealer: NoteCipher, sealed: string | null): StoredAnswers {
  const text = sealer.open(sealed);
  if (!text) return NO_ANSWERS;
  try {
    const parsed = JSON.parse(text) as StoredAnswers;
    return {
      ...NO_ANSWERS,
      ...parsed,
      phq9: paddedAnswers(parsed.phq9, PHQ9_ITEMS),
      gad7: paddedAnswers(parsed.gad7, GAD7_ITEMS),
    };
  } catch {
    return NO_ANSWERS; // Sealed under another DATA_KEY: unreadable, never a failed page.
  }
}

export const sealAnswers = (sealer: NoteCipher, answers: StoredAnswers) =>
  sealer.seal(JSON.stringify(answers))!;

/** Item by item: an answer sent replaces the one kept; an item left out or null keeps it. */
function mergeItems(kept: (number | null)[], sent: readonly (number | null)[] | undefined) {
  return kept.map((answer, index) => {
    const given = sent?.[index];
    return isAnswer(given) ? given : answer;
  });
}

/**
 * What is kept after a save: what was sent, over what was kept (nothing already answered is
 * lost to a partial save). The intake's texts are kept only on an intake.
 */
export function mergeAnswers(
  kept: StoredAnswers,
  sent: IntakeAnswers,
  kind: 'intake' | 'repeat',
): StoredAnswers {
  const intake = kind === 'intake';
  const contact = sent.emergency_contact;
  return {
    phq9: mergeItems(kept.phq9, sent.phq9),
    phq9_difficulty: isAnswer(sent.phq9_difficulty) ? sent.phq9_difficulty : kept.phq9_difficulty,
    gad7: mergeItems(kept.gad7, sent.gad7),
    reason: intake && sent.reason !== undefined ? sent.reason?.trim() || null : kept.reason,
    emergency_contact:
      intake && contact !== undefined
        ? contact && (contact.name.trim() || contact.mobile.trim())
          ? { name: contact.name.trim(), mobile: normalizeMobile(contact.mobile) ?? contact.mobile.trim() }
          : null
        : kept.emergency_contact,
    consent: intake && sent.consent === true ? true : kept.consent,
  };
}
