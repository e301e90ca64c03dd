import type { Service, Therapist } from '@therapy/shared/catalog-schemas';

// The name rule is shared with the server's e-mails and payment links; offered here beside the
// web's other display helpers.
export { therapistDisplayName } from '@therapy/shared/therapist-name';

function bioPart(bio: string, index: number): string {
  return (bio.split('|')[index] ?? '').trim();
}

/** The bio's first part: a short description. */
export function bioExcerpt(bio: string): string {
  return bioPart(bio, 0);
}

/** The bio's third part: experience, e.g. '12 years of experience'. */
export function bioExperience(bio: string): string {
  return bioPart(bio, 2);
}

/** 'Psychotherapy (CBT and talk therapy)' is shown as 'Psychotherapy'. */
export function serviceDisplayName(name: string): string {
  return name.replace(/\s*\([^()]*\)\s*$/, '').trim() || name.trim();
}

export const MAX_SERVICE_TAGS = 3;

/** The therapist's services for the 'Deals with' tags: at most three, and how many more. */
export function serviceTags(
  therapist: Therapist,
  services: readonly Service[],
): { shown: string[]; more: number } {
  const names = therapist.offered_service_ids
    .map((id) => services.find((service) => service.id === id))
    .filter((service): service is Service => service !== undefined)
    .map((service) => serviceDisplayName(service.name));
  return { shown: names.slice(0, MAX_SERVICE_TAGS), more: Math.max(0, names.length - MAX_SERVICE_TAGS) };
}

/** The therapist's photo, or none (the card then shows initials). */
export function therapistImageUrl(therapist: Therapist): string | null {
  return therapist.image_url ? `/get_specific_image/${encodeURIComponent(therapist.image_url)}` : null;
}

export function initialsOf(displayName: string): string {
  return displayName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}
