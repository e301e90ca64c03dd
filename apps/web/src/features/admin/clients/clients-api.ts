import { clientBookingPageSchema, clientSearchPageSchema } from '@therapy/shared/admin-client-schemas';
import { queryString } from '../../../lib/api-client';
import { adminRequest, type PageRequest } from '../admin-http';

const named = (name: string, page: PageRequest) => queryString({ name: name.trim() || undefined, ...page });

export const fetchClientBookings = (name: string, page: PageRequest, signal?: AbortSignal) =>
  adminRequest(`/api/admin/clients-with-therapists${named(name, page)}`, {
    signal,
    schema: clientBookingPageSchema,
  });

export const searchClients = (name: string, page: PageRequest, signal?: AbortSignal) =>
  adminRequest(`/api/admin/search-clients${named(name, page)}`, { signal, schema: clientSearchPageSchema });
