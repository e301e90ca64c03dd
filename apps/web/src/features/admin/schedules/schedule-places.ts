import type { AdminLocation } from '@therapy/shared/admin-schemas';

/** Where a range's sessions happen: 0 online, else a centre's id. */
export type PlaceOption = { value: string; label: string };

export const ONLINE: PlaceOption = { value: '0', label: 'Online' };

/**
 * The places a therapist's hours can be at: online (type 1 or 3), their centres (type 2 or 3;
 * every centre while none is set). A place already in the schedule stays on offer, so editing
 * another day never loses it.
 */
export function placeOptions(
  therapist: { type: number; locations: readonly number[] },
  locations: readonly AdminLocation[],
  inUse: readonly string[] = [],
): PlaceOption[] {
  const options: PlaceOption[] = therapist.type === 2 ? [] : [ONLINE];
  if (therapist.type !== 1) {
    // Deactivated centres take no new hours (one already in the schedule stays, below).
    const active = locations.filter((location) => location.is_active);
    const own = active.filter((location) => therapist.locations.includes(location.id));
    for (const location of own.length > 0 ? own : active) {
      options.push({ value: String(location.id), label: location.name });
    }
  }
  for (const value of new Set(inUse)) {
    if (value === '' || options.some((option) => option.value === value)) continue;
    options.push({ value, label: placeLabel(value, locations) });
  }
  return options;
}

/** 'Online', a centre's name, or 'Centre 7' for one no longer listed. */
export function placeLabel(value: string | number, locations: readonly AdminLocation[]): string {
  const id = Number(value);
  if (id === 0) return ONLINE.label;
  return locations.find((location) => location.id === id)?.name ?? `Centre ${id}`;
}

/**
 * Where a new day's hours start: the therapist's (first) centre when it works in person, online only
 * when it works only online (issue 31: left at "Online", in-person visitors found no slot).
 */
export function defaultPlace(places: readonly PlaceOption[]): string {
  return (places.find((place) => place.value !== ONLINE.value) ?? places[0])?.value ?? '';
}
