import {
  type PrivacySubject,
  privacyAnswerSchema,
  privacyEraseAnswerSchema,
  privacyExportSchema,
  privacyRequestSchema,
  privacyRequestsPageSchema,
  privacyRetentionSchema,
} from '@therapy/shared/privacy-schemas';
import { adminRequest } from '../admin-http';

/** The client privacy desk's calls (superadmins; decision 039). */

const subjectQuery = (subject: PrivacySubject) =>
  subject.email !== undefined
    ? `email=${encodeURIComponent(subject.email)}`
    : `mobile=${encodeURIComponent(subject.mobile ?? '')}`;

export const fetchClientData = (subject: PrivacySubject, signal?: AbortSignal) =>
  adminRequest(`/api/admin/privacy/export?${subjectQuery(subject)}`, { signal, schema: privacyExportSchema });

export const answerExportRequest = (subject: PrivacySubject, requestId: number) =>
  adminRequest(`/api/admin/privacy/export?${subjectQuery(subject)}&request_id=${requestId}`, {
    schema: privacyExportSchema,
  });

export const fetchOpenRequests = (signal?: AbortSignal) =>
  adminRequest('/api/admin/privacy/requests?open=true&limit=100', {
    signal,
    schema: privacyRequestsPageSchema,
  });

export const fetchRetention = (signal?: AbortSignal) =>
  adminRequest('/api/admin/privacy/retention', { signal, schema: privacyRetentionSchema });

export const logRequest = (kind: 'export' | 'correct' | 'erase', subject: PrivacySubject) =>
  adminRequest('/api/admin/privacy/requests', {
    method: 'POST',
    json: { kind, ...subject },
    schema: privacyRequestSchema,
  });

export const correctClient = (
  subject: PrivacySubject,
  change: { full_name?: string; new_email?: string; new_mobile?: string },
  requestId?: number,
) =>
  adminRequest('/api/admin/privacy/correct', {
    method: 'POST',
    json: { ...subject, ...change, ...(requestId ? { request_id: requestId } : {}) },
    schema: privacyAnswerSchema,
  });

export const eraseClient = (subject: PrivacySubject, requestId?: number) =>
  adminRequest('/api/admin/privacy/erase', {
    method: 'POST',
    json: { ...subject, ...(requestId ? { request_id: requestId } : {}) },
    schema: privacyEraseAnswerSchema,
  });

/** A client's contact as typed: an e-mail has an @, anything else is read as a mobile number. */
export function subjectOf(typed: string): PrivacySubject | undefined {
  const value = typed.trim();
  if (!value) return undefined;
  return value.includes('@') ? { email: value } : { mobile: value };
}
