import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { badRequest } from '../../http/errors';

/**
 * A phone number as a member types it ('(503) 555-0123', '+44 20 7946 0958') in E.164. Numbers without
 * a country code are read as US numbers, as the form's placeholder suggests.
 */
export function normalisePhone(input: string): string {
  const parsed = parsePhoneNumberFromString(input, 'US');
  if (!parsed || !parsed.isValid()) {
    throw badRequest('Enter a valid phone number', [
      { path: 'phoneNumber', message: 'Enter a valid phone number, e.g. (503) 555-0123' },
    ]);
  }
  return parsed.number;
}
