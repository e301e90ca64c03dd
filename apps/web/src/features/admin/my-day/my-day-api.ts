import { type AttendanceStatus, attendanceResultSchema } from '@therapy/shared/front-desk-schemas';
import { clientMeasuresSchema } from '@therapy/shared/measures-schemas';
import {
  acceptInviteResultSchema,
  sessionNoteSchema,
  therapistMeSchema,
  therapistSessionsSchema,
} from '@therapy/shared/therapist-schemas';
import { postJson, queryString } from '../../../lib/api-client';
import { adminRequest, pathId } from '../admin-http';

/** A therapist's own calls (decision 052), with its login's bearer token. */

export const fetchTherapistMe = (signal?: AbortSignal) =>
  adminRequest('/api/therapist/me', { signal, schema: therapistMeSchema });

export const fetchSessions = (from: string, to: string, signal?: AbortSignal) =>
  adminRequest(`/api/therapist/sessions${queryString({ from, to })}`, {
    signal,
    schema: therapistSessionsSchema,
  });

export const markAttendance = (bookingId: number, status: AttendanceStatus) =>
  adminRequest(`/api/therapist/sessions/${pathId(bookingId)}/attendance`, {
    method: 'POST',
    json: { status },
    schema: attendanceResultSchema,
  });

export const fetchNote = (bookingId: number, signal?: AbortSignal) =>
  adminRequest(`/api/therapist/sessions/${pathId(bookingId)}/note`, { signal, schema: sessionNoteSchema });

export const saveNote = (bookingId: number, text: string) =>
  adminRequest(`/api/therapist/sessions/${pathId(bookingId)}/note`, {
    method: 'PUT',
    json: { text },
    schema: sessionNoteSchema,
  });

/** The invitation's link: no token yet, the link's own token is the proof. */
export const acceptInvite = (token: string, password: string) =>
  postJson(`/api/admin/invites/${pathId(token)}`, { password }, acceptInviteResultSchema);

/** One client's intake and scores over time (decision 058): the read is audited and clears the risk badge. */
export const fetchClientMeasures = (clientKey: string, signal?: AbortSignal) =>
  adminRequest(`/api/therapist/clients/${pathId(clientKey)}/measures`, {
    signal,
    schema: clientMeasuresSchema,
  });
