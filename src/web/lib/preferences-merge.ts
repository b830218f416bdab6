import type { Preferences, UpdatePreferencesBody } from '../../contract/preferences';

/**
 * A save refused because her preferences changed on another device (409) is retried on the fresh copy with only
 * what she changed on this device: her edits are the leaves where what she sends differs from the copy she started
 * from, and each is put on the fresh copy. A setting changed on both devices takes hers (she just chose it).
 * Lists (interests, deal breakers) are one value each: she chose the whole list. The age range is two values (a
 * minimum changed here and a maximum there both stay) unless that leaves the minimum above the maximum, then hers.
 */
type Json = unknown;

const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const same = (a: Json, b: Json) => JSON.stringify(a) === JSON.stringify(b);

function mergeValue(from: Json, edited: Json, fresh: Json): Json {
  if (edited === undefined) return fresh;
  if (isObject(edited) && isObject(from) && isObject(fresh)) {
    const merged: Record<string, Json> = { ...fresh };
    for (const key of Object.keys(edited)) merged[key] = mergeValue(from[key], edited[key], fresh[key]);
    return merged;
  }
  return same(from, edited) ? fresh : edited;
}

/** The body to send again: `fresh` (the server's copy now) with her edits of `from` re-applied, at fresh's revision. */
export function mergeEdits(
  from: Preferences | undefined,
  edited: UpdatePreferencesBody,
  fresh: Preferences,
): UpdatePreferencesBody {
  // Without the copy she started from every value she sent counts as hers: the save before revisions, no worse.
  if (!from) return { ...edited, revision: fresh.revision };
  const merged = mergeValue(from, edited, fresh) as Preferences;
  const ages = [0, 1].map((i) =>
    from.ageRange[i] === edited.ageRange[i] ? fresh.ageRange[i] : edited.ageRange[i],
  ) as [number, number];
  const ageRange = ages[0] <= ages[1] ? ages : edited.ageRange;
  return { ...merged, ageRange, revision: fresh.revision };
}
