import { EMERGENCY, TELE_MANAS } from '@therapy/shared/crisis-help';
import { therapistDisplayName } from '@therapy/shared/therapist-name';
import type { Database } from '../../../db/database.ts';
import { readClinicProfile } from '../../clinic/clinic-service.ts';
import type { JobHandler } from '../../jobs/job-kinds.ts';
import { findFormOfId } from '../../measures/measures-repo.ts';
import { signedMailer } from './clinic-signature.ts';
import { loadBookingForEmail } from './email-booking.ts';
import { compose, ENGLISH } from './email-parts.ts';
import type { EmailContext } from './email-types.ts';
import type { Mailer } from './mailer.ts';

/**
 * The risk alert (issue 28, decision 058): a client answered PHQ-9 item 9 above 0. One e-mail to
 * the therapist with the clinic in copy, at once, in English. It holds no answer, no score and no
 * name (e-mail is no place for them): the session's date and time, and the link to sign in, where
 * My day shows the client's badge until the therapist opens the answers.
 */
export function createRiskAlertHandlers(
  db: Database,
  baseMailer: Mailer,
  context: EmailContext,
): { 'measures.risk_alert': JobHandler<'measures.risk_alert'> } {
  const mailer = signedMailer(db, baseMailer, context.productName);
  return {
    async 'measures.risk_alert'({ form_id }) {
      const form = await findFormOfId(db, form_id);
      if (!form) return; // Erased since: nobody left to tell about.
      const booking = await loadBookingForEmail(db, context, form.booking_id);
      const clinic = await readClinicProfile(db);
      const therapist = booking?.therapist_email || '';
      const copy = clinic.email || '';
      if (!booking || (!therapist && !copy)) return;
      const signIn = `${context.publicUrl}/admin/login`;
      const mail = compose(
        "Please sign in: a client's answers need your attention today",
        therapist ? `Dear ${therapistDisplayName(booking.therapist_name)},` : 'Dear colleague,',
        `A client of yours answered the depression questionnaire’s question on thoughts of self-harm with an answer other than “not at all”. Please sign in and read their answers as soon as you can, and reach out to them as your clinic’s practice requires. The client was shown the crisis helplines (Tele-MANAS ${TELE_MANAS.label}, emergency ${EMERGENCY.label}) at once.`,
        [
          ['Session', ENGLISH.moment(booking.booking_date, booking.start_time)],
          ['Sign in', signIn, signIn],
        ],
        [
          'For the client’s privacy this e-mail holds no answers, scores or names; they are on My day after you sign in.',
          ...(therapist && copy ? ['The clinic has a copy of this e-mail.'] : []),
        ],
        therapist || copy,
      );
      await mailer.send(therapist && copy && copy !== therapist ? { ...mail, cc: copy } : mail);
    },
  };
}
