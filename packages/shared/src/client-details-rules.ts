/**
 * The rules of the "Your Information" step (specification section 5), with its messages word
 * for word. Pure, so the wizard shows them as the visitor types and the server enforces them.
 */

import { readMobile } from './mobile-number.ts';

export type ClientDetails = {
  fullName: string;
  email: string;
  mobile: string;
  /** Whole years; the form keeps what was typed, so text is accepted too. */
  age: number | string | null;
  state: string;
  city: string;
  notes: string;
  termsAccepted: boolean;
  sessionType: '' | 'individual' | 'couple';
  /** A client under ADULT_AGE books with a parent or guardian's details and consent (issue 14). */
  guardianName?: string;
  guardianRelation?: string;
  guardianMobile?: string;
  guardianEmail?: string;
  guardianConsent?: boolean;
};

export type ClientDetailsField = keyof ClientDetails;
export type ClientDetailsErrors = Partial<Record<ClientDetailsField, string>>;

export const CLIENT_DETAILS_MESSAGES = {
  fullNameRequired: 'Full name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  mobileRequired: 'Mobile number is required',
  mobileInvalid: 'Mobile number must be 10 digits',
  /** Not in the specification (it books in India only): a number with another country's code. */
  mobileNotIndian: 'Please enter an Indian mobile number: 10 digits, with or without +91',
  ageInvalid: 'Age is required and must be a positive number',
  sessionTypeRequired: 'Please select a session type',
  stateRequired: 'State is required for offline booking',
  cityRequired: 'City is required for offline booking',
  termsRequired: 'You must accept the terms and conditions',
  /** Not in the specification: a client under 18 books with a parent or guardian (issue 14). */
  guardianNameRequired: 'For a client under 18, the name of a parent or guardian is required',
  guardianRelationRequired: 'Please say how the parent or guardian is related to the client',
  guardianMobileInvalid: 'The parent or guardian’s mobile number must be 10 digits',
  guardianEmailInvalid: 'Please enter the parent or guardian’s email address',
  guardianConsentRequired: 'For a client under 18, a parent or guardian must give their consent',
} as const;

/** Below this age a client books with a parent or guardian (the terms' minimum age without one). */
export const ADULT_AGE = 18;

/** Whether the age typed is that of a minor (a valid age under ADULT_AGE). */
export function isMinor(age: ClientDetails['age']): boolean {
  const years = parseAge(age);
  return years !== undefined && years >= MIN_AGE && years < ADULT_AGE;
}

export const MOBILE_LENGTH = 10;
export const MIN_AGE = 1;
export const MAX_AGE = 120;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MOBILE_PATTERN = /^\d{10}$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

/** Whether `mobile` reads as one 10-digit number, as typed (`+91 98765 43210` too; see mobile-number.ts). */
export function isValidMobile(mobile: string): boolean {
  return readMobile(mobile).ok;
}

export function parseAge(age: ClientDetails['age']): number | undefined {
  const value = typeof age === 'number' ? age : Number(String(age ?? '').trim());
  if (age === null || age === '' || !Number.isInteger(value)) return undefined;
  return value;
}

/**
 * Field errors for `details`. State and city are required for in-person (offline) bookings and
 * optional for online ones, as the messages say (decision 004).
 */
export function validateClientDetails(
  details: ClientDetails,
  bookingType: 'online' | 'offline',
): ClientDetailsErrors {
  const m = CLIENT_DETAILS_MESSAGES;
  const errors = contactErrors(details);
  const age = parseAge(details.age);
  if (age === undefined || age < MIN_AGE || age > MAX_AGE) errors.age = m.ageInvalid;
  if (details.sessionType !== 'individual' && details.sessionType !== 'couple') {
    errors.sessionType = m.sessionTypeRequired;
  }
  if (bookingType === 'offline') {
    if (!details.state.trim()) errors.state = m.stateRequired;
    if (!details.city.trim()) errors.city = m.cityRequired;
  }
  if (!details.termsAccepted) errors.termsAccepted = m.termsRequired;
  if (isMinor(details.age)) Object.assign(errors, guardianErrors(details));
  return errors;
}

/** Name, e-mail and mobile: the same rules for a booking and a place on the waitlist. */
function contactErrors(details: Pick<ClientDetails, 'fullName' | 'email' | 'mobile'>): ClientDetailsErrors {
  const m = CLIENT_DETAILS_MESSAGES;
  const errors: ClientDetailsErrors = {};
  if (!details.fullName.trim()) errors.fullName = m.fullNameRequired;
  if (!details.email.trim()) errors.email = m.emailRequired;
  else if (!isValidEmail(details.email)) errors.email = m.emailInvalid;
  if (!details.mobile.trim()) errors.mobile = m.mobileRequired;
  else {
    const reading = readMobile(details.mobile);
    if (!reading.ok) errors.mobile = reading.reason === 'foreign' ? m.mobileNotIndian : m.mobileInvalid;
  }
  return errors;
}

/** What the waitlist's join form asks (issue 15): a booking's details less session type, state and city. */
export type WaitlistClientDetails = Pick<
  ClientDetails,
  | 'fullName'
  | 'email'
  | 'mobile'
  | 'termsAccepted'
  | 'guardianName'
  | 'guardianRelation'
  | 'guardianMobile'
  | 'guardianEmail'
  | 'guardianConsent'
> & { age: ClientDetails['age'] | undefined };

/**
 * Field errors of the waitlist's join form, by the booking's own rules: name, e-mail, mobile and
 * terms as a booking's; the age may be left out, but when given it must be valid, and a minor
 * joins with a parent or guardian as a minor books.
 */
export function validateWaitlistDetails(details: WaitlistClientDetails): ClientDetailsErrors {
  const m = CLIENT_DETAILS_MESSAGES;
  const errors = contactErrors(details);
  const given = details.age !== undefined && details.age !== null && details.age !== '';
  const age = parseAge(details.age ?? null);
  if (given && (age === undefined || age < MIN_AGE || age > MAX_AGE)) errors.age = m.ageInvalid;
  if (!details.termsAccepted) errors.termsAccepted = m.termsRequired;
  if (isMinor(details.age ?? null)) Object.assign(errors, guardianErrors(details));
  return errors;
}

/** The parent or guardian's details and consent, all required for a minor. */
function guardianErrors(details: Partial<ClientDetails>): ClientDetailsErrors {
  const m = CLIENT_DETAILS_MESSAGES;
  const errors: ClientDetailsErrors = {};
  if (!details.guardianName?.trim()) errors.guardianName = m.guardianNameRequired;
  if (!details.guardianRelation?.trim()) errors.guardianRelation = m.guardianRelationRequired;
  if (!readMobile(details.guardianMobile ?? '').ok) errors.guardianMobile = m.guardianMobileInvalid;
  if (!isValidEmail(details.guardianEmail ?? '')) errors.guardianEmail = m.guardianEmailInvalid;
  if (details.guardianConsent !== true) errors.guardianConsent = m.guardianConsentRequired;
  return errors;
}
