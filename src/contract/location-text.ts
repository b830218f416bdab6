/** 'City, State' text without the city catalogue (./locations), for screens that only display it. */

interface ParsedLocation {
  city: string;
  state: string;
}

/** Splits 'City, State' on the last ', '. Undefined when there is no separator or a side is empty. */
export function parseLocation(location: string): ParsedLocation | undefined {
  const at = location.lastIndexOf(', ');
  if (at <= 0) return undefined;
  const city = location.slice(0, at);
  const state = location.slice(at + 2);
  if (city.trim() === '' || state.trim() === '') return undefined;
  return { city, state };
}
