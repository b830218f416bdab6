/** A chip list with one item switched: taken out if it was in, added at the end if not. */
export function toggled<T>(list: readonly T[], item: T): T[] {
  return list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
}
