import { adminWaitlistPageSchema, adminWaitlistRemovedSchema } from '@therapy/shared/waitlist-schemas';
import { adminRequest, type PageRequest, pathId } from '../admin-http';

/** GET /api/admin/waitlist: one therapist's line, in join order, a page at a time. */
export const fetchWaitlist = (therapistId: number, page: PageRequest, signal?: AbortSignal) => {
  const query = new URLSearchParams({ therapist_id: String(therapistId), limit: String(page.limit) });
  if (page.cursor) query.set('cursor', page.cursor);
  return adminRequest(`/api/admin/waitlist?${query}`, { signal, schema: adminWaitlistPageSchema });
};

/** DELETE /api/admin/waitlist/{id}: the entry leaves the line (its held offer, if any, is released). */
export const removeWaitlistEntry = (id: number) =>
  adminRequest(`/api/admin/waitlist/${pathId(id)}`, {
    method: 'DELETE',
    schema: adminWaitlistRemovedSchema,
  });
