import { describe, it, expect } from 'vitest';
import {
  US_STATES,
  citiesOf,
  distanceMiles,
  formatLocation,
  isKnownLocation,
  locationCoordinates,
  parseLocation,
} from './locations';
import { US_STATES_DATA } from './locations-data';

function coords(location: string): { lat: number; lng: number } {
  const found = locationCoordinates(location);
  if (!found) throw new Error(`Unknown location ${location}`);
  return found;
}

describe('location catalogue', () => {
  it('has the 50 states plus the District of Columbia, sorted by name', () => {
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATES).size).toBe(51);
    expect(US_STATES).toContain('District of Columbia');
    expect([...US_STATES]).toEqual([...US_STATES].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(US_STATES_DATA.map((s) => s.code)).size).toBe(51);
  });

  it('gives every state 8 to 47 unique cities', () => {
    for (const state of US_STATES) {
      const cities = citiesOf(state);
      // The District of Columbia is one city; GeoNames has it plus four neighbourhoods.
      const min = state === 'District of Columbia' ? 1 : 8;
      expect(cities.length, state).toBeGreaterThanOrEqual(min);
      expect(cities.length, state).toBeLessThanOrEqual(47);
      expect(new Set(cities).size, state).toBe(cities.length);
    }
  });

  it('gives the biggest states the most cities', () => {
    for (const state of ['California', 'Texas', 'Florida', 'New York']) expect(citiesOf(state)).toHaveLength(47);
  });

  it('has valid coordinates inside the US', () => {
    for (const s of US_STATES_DATA) {
      for (const [city, lat, lng] of s.cities) {
        expect(lat, city).toBeGreaterThan(18);
        expect(lat, city).toBeLessThan(72);
        expect(lng, city).toBeGreaterThan(-180);
        expect(lng, city).toBeLessThan(-65);
        expect(city).not.toContain(', ');
      }
    }
  });

  it('knows the cities the app and tests rely on', () => {
    for (const location of [
      'Portland, Oregon',
      'Miami, Florida',
      'Seattle, Washington',
      'New York City, New York',
      'Los Angeles, California',
      'San Francisco, California',
      'Austin, Texas',
      'Chicago, Illinois',
      'Denver, Colorado',
      'Atlanta, Georgia',
      'Boston, Massachusetts',
      'Washington, District of Columbia',
    ]) {
      expect(isKnownLocation(location), location).toBe(true);
      expect(locationCoordinates(location), location).toBeDefined();
    }
  });

  it('rejects anything that is not an exact catalogue entry', () => {
    for (const location of [
      'Atlantis, Oregon',
      'portland, oregon',
      'Portland, OR',
      'Portland,Oregon',
      ' Portland, Oregon',
      'Portland',
      'Portland, Maine, Oregon',
      '',
    ]) {
      expect(isKnownLocation(location), location).toBe(false);
      expect(locationCoordinates(location), location).toBeUndefined();
    }
    expect(citiesOf('Atlantis')).toEqual([]);
  });

  it('lists cities most populous first and returns a copy', () => {
    expect(citiesOf('Oregon')[0]).toBe('Portland');
    expect(citiesOf('California').slice(0, 2)).toEqual(['Los Angeles', 'San Diego']);
    const list = citiesOf('Oregon');
    list.push('Atlantis');
    expect(citiesOf('Oregon')).not.toContain('Atlantis');
  });
});

describe('formatLocation / parseLocation', () => {
  it('formats with the state name and expands a state code', () => {
    expect(formatLocation('Portland', 'Oregon')).toBe('Portland, Oregon');
    expect(formatLocation('Portland', 'OR')).toBe('Portland, Oregon');
  });

  it('parses on the last comma and round-trips', () => {
    expect(parseLocation('Portland, Oregon')).toEqual({ city: 'Portland', state: 'Oregon' });
    expect(parseLocation('Washington, D.C., District of Columbia')).toEqual({
      city: 'Washington, D.C.',
      state: 'District of Columbia',
    });
    expect(parseLocation('Portland')).toBeUndefined();
    expect(parseLocation(', Oregon')).toBeUndefined();
    expect(parseLocation('Portland, ')).toBeUndefined();
    for (const s of US_STATES_DATA) {
      for (const [city] of s.cities) {
        const location = formatLocation(city, s.name);
        expect(parseLocation(location)).toEqual({ city, state: s.name });
        expect(isKnownLocation(location)).toBe(true);
      }
    }
  });
});

describe('distanceMiles', () => {
  it('is zero for the same point and symmetric', () => {
    const portland = coords('Portland, Oregon');
    const miami = coords('Miami, Florida');
    expect(distanceMiles(portland, portland)).toBe(0);
    expect(distanceMiles(portland, miami)).toBeCloseTo(distanceMiles(miami, portland), 9);
  });

  it('matches known distances', () => {
    expect(distanceMiles(coords('Portland, Oregon'), coords('Miami, Florida'))).toBeGreaterThan(2000);
    const portlandSeattle = distanceMiles(coords('Portland, Oregon'), coords('Seattle, Washington'));
    expect(portlandSeattle).toBeGreaterThan(125);
    expect(portlandSeattle).toBeLessThan(165);
    // Los Angeles to San Francisco is about 347 miles as the crow flies.
    expect(distanceMiles(coords('Los Angeles, California'), coords('San Francisco, California'))).toBeCloseTo(347, -1);
  });
});
