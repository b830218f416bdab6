import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { badRequest } from '../../../http/errors';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** ['US', 'CA'] → 'the United States or Canada': country names in words, as a sentence says them. */
export function countryNames(codes: readonly string[]): string {
  const names = codes.map((code) => {
    const name = regionNames.of(code) ?? code;
    return /^(United|Netherlands|Philippines|Czech|Dominican|Bahamas|Gambia)/.test(name) ? `the ${name}` : name;
  });
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/**
 * A phone number as a member types it ('(503) 555-0123', '+44 20 7946 0958') in E.164. Numbers without
 * a country code are read as US numbers, as the form's placeholder suggests.
 */
export function normalisePhone(input: string, allowedCountries: readonly string[], field = 'phoneNumber'): string {
  const parsed = parsePhoneNumberFromString(input, 'US');
  if (!parsed || !parsed.isValid()) {
    throw badRequest('Enter a valid phone number', [
      { path: field, message: 'Enter a valid phone number, e.g. (503) 555-0123' },
    ]);
  }
  // SMS_COUNTRIES: texts go only where Steep is offered (premium numbers elsewhere are how pumping pays).
  if (!parsed.country || !allowedCountries.includes(parsed.country)) {
    const list = countryNames(allowedCountries);
    throw badRequest(`Texts can only go to numbers in ${list}`, [
      { path: field, message: `Steep can only text numbers in ${list}` },
    ]);
  }
  return parsed.number;
}
