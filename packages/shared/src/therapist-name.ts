/**
 * How a therapist's name is shown, on the pages, in the admin and in e-mails and payment links:
 * the stored 'prefix.Name' ('Dr.Asha Menon') as the part after the first dot ('Asha Menon'),
 * trimmed (specification section 3).
 */
export function therapistDisplayName(name: string): string {
  const dot = name.indexOf('.');
  return (dot === -1 ? name : name.slice(dot + 1)).trim();
}

/**
 * A stored therapist name: a prefix of letters, a dot, then the name shown ('Dr.Asha Menon',
 * 'Ms.Priya K. Rao'), specification section 3. The name shown starts with a letter.
 */
export const THERAPIST_NAME_PATTERN = /^[A-Za-z]{1,10}\.\s?\p{L}[\p{L}\p{M} .'’-]{0,98}$/u;
export const THERAPIST_NAME_MESSAGE = "must be 'prefix.Name', e.g. Dr.Asha Menon";

/** The parts of a therapist's bio, in their order in the pipe-separated text. */
export const BIO_PARTS = ['description', 'qualifications', 'experience'] as const;
export type BioParts = Record<(typeof BIO_PARTS)[number], string>;

/** 'description|qualifications|experience' split into its parts (missing ones empty). */
export function splitBio(bio: string): BioParts {
  const parts = bio.split('|');
  return {
    description: (parts[0] ?? '').trim(),
    qualifications: (parts[1] ?? '').trim(),
    experience: (parts[2] ?? '').trim(),
  };
}

/** The parts joined back into the stored bio. */
export function joinBio(parts: BioParts): string {
  return BIO_PARTS.map((part) => parts[part].trim()).join('|');
}
