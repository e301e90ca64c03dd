import type { AdminRole } from '@therapy/shared/admin-schemas';

/** A login's role: a therapist's when tied to a therapist (decision 052), else by its superadmin flag. */
export function roleOf(user: { is_superadmin: boolean; therapist_id: number | null }): AdminRole {
  if (user.therapist_id !== null) return 'therapist';
  return user.is_superadmin ? 'superadmin' : 'admin';
}
