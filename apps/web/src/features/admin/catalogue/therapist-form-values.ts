import { THERAPIST_TYPE } from '@therapy/shared/booking-rules';
import type { CatalogueTherapist, TherapistRequest } from '@therapy/shared/catalogue-admin-schemas';
import { joinBio, splitBio, therapistDisplayName } from '@therapy/shared/therapist-name';

/** The therapist form as typed: text as text, the bio in its three parts, the type as two ticks. */
export type TherapistValues = {
  /** 'Dr', 'Ms'…: stored before the dot of the name ('Dr.Asha Menon'). */
  prefix: string;
  /** The name clients see ('Asha Menon'). */
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
  const stored = therapist?.name ?? '';
  const dot = stored.indexOf('.');
  return {
    prefix: dot === -1 ? '' : stored.slice(0, dot),
    name: therapistDisplayName(stored),
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

/** 'Dr' and 'Asha Menon' stored as 'Dr.Asha Menon' (a name typed whole, 'Dr.Asha Menon', kept). */
export function storedName(prefix: string, name: string): string {
  const bare = prefix.trim().replace(/\.$/, '');
  return bare ? `${bare}.${name.trim()}` : name.trim();
}

/** The name's error in plain words: on the prefix when it is missing, else on the name. */
export function nameErrors(
  values: Pick<TherapistValues, 'prefix'>,
  error: string | undefined,
): Record<string, string> {
  if (!error) return {};
  return values.prefix.trim() === ''
    ? { prefix: 'Write a prefix, such as Dr or Ms.' }
    : { name: 'Write the name as clients see it, starting with a letter.' };
}

export function therapistRequest(values: TherapistValues): TherapistRequest {
  const price = values.price.trim();
  return {
    name: storedName(values.prefix, values.name),
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
