/**
 * How a therapist's name is shown, on the pages, in the admin and in e-mails and payment links:
 * the stored 'prefix.Name' ('Dr.Asha Menon') as the part after the first dot ('Asha Menon'),
 * trimmed (specification section 3).
 */
export function therapistDisplayName(name: string): string {
  const dot = name.indexOf('.');
  return (dot === -1 ? name : name.slice(dot + 1)).trim();
}
