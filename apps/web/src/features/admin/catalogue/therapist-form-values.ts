import { THERAPIST_TYPE } from '@therapy/shared/booking-rules';
import type { CatalogueTherapist, TherapistRequest } from '@therapy/shared/catalogue-admin-schemas';
import { joinBio, splitBio } from '@therapy/shared/therapist-name';

/** The therapist form as typed: text as text, the bio in its three parts, the type as two ticks. */
export type TherapistValues = {
  name: string;
  title: string;
  specialization: string;
  description: string;
  qualifications: string;
  experience: string;
  price: string;
  email: string;
  online: boolean;
  inPerson: boolean;
  locations: number[];
  services: number[];
  /** Printed on the client's receipts (decision 057). */
  registration: string;
  /** The share: only sent when changed here (a change takes effect from `payoutFrom`). */
  payoutKind: 'none' | 'percent' | 'per_session';
  payoutValue: string;
  payoutFrom: string;
  payoutChanged: boolean;
};

export function therapistValues(therapist: CatalogueTherapist | null): TherapistValues {
  const bio = splitBio(therapist?.bio ?? '');
  const type = therapist?.type ?? THERAPIST_TYPE.online;
  return {
    name: therapist?.name ?? '',
    title: therapist?.title ?? '',
    specialization: therapist?.specialization ?? '',
    ...bio,
    price: therapist ? String(therapist.price) : '',
    email: therapist?.email ?? '',
    online: type !== THERAPIST_TYPE.offline,
    inPerson: type !== THERAPIST_TYPE.online,
    locations: therapist?.locations ?? [],
    services: therapist?.offered_service_ids ?? [],
    registration: therapist?.registration_number ?? '',
    ...payoutValues(therapist?.payout ?? null),
  };
}

function payoutValues(payout: CatalogueTherapist['payout']) {
  const common = { payoutFrom: '', payoutChanged: false };
  if (payout?.percent !== undefined)
    return { ...common, payoutKind: 'percent' as const, payoutValue: String(payout.percent) };
  if (payout?.per_session !== undefined) {
    return { ...common, payoutKind: 'per_session' as const, payoutValue: String(payout.per_session) };
  }
  return { ...common, payoutKind: 'none' as const, payoutValue: '' };
}

/** The share as the request sends it: only a changed one, and none when 'none' is chosen. */
function payoutRequest(values: TherapistValues): Pick<TherapistRequest, 'payout'> {
  if (!values.payoutChanged || values.payoutKind === 'none') return {};
  const amount = values.payoutValue.trim() === '' ? Number.NaN : Number(values.payoutValue);
  const from = values.payoutFrom ? { from: values.payoutFrom } : {};
  return {
    payout: values.payoutKind === 'percent' ? { percent: amount, ...from } : { per_session: amount, ...from },
  };
}

/** 1 online, 2 in person, 3 both; 0 (refused by the schema) when neither is ticked. */
export function typeOf(values: Pick<TherapistValues, 'online' | 'inPerson'>): number {
  if (values.online && values.inPerson) return THERAPIST_TYPE.both;
  if (values.online) return THERAPIST_TYPE.online;
  return values.inPerson ? THERAPIST_TYPE.offline : 0;
}

export function therapistRequest(values: TherapistValues): TherapistRequest {
  const price = values.price.trim();
  return {
    name: values.name.trim(),
    title: values.title.trim(),
    specialization: values.specialization.trim(),
    bio: joinBio(values),
    price: price === '' ? Number.NaN : Number(price),
    type: typeOf(values) as TherapistRequest['type'],
    locations: values.inPerson ? values.locations : [],
    offered_service_ids: values.services,
    email: values.email.trim(),
    registration_number: values.registration.trim(),
    ...payoutRequest(values),
  };
}
