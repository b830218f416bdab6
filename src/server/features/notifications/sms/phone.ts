import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { badRequest } from '../../../http/errors';
import { localText } from '../../../i18n';
import { fieldError } from '../../../http/errors';

/**
 * A phone number as a member types it ('(503) 555-0123', '+44 20 7946 0958') in E.164. Numbers without
 * a country code are read as US numbers, as the form's placeholder suggests.
 */
export function normalisePhone(input: string, allowedCountries: readonly string[], field = 'phoneNumber'): string {
  const parsed = parsePhoneNumberFromString(input, 'US');
  if (!parsed || !parsed.isValid()) {
    throw badRequest(localText('enterAValidPhone'), [fieldError(field, localText('enterAValidPhoneNumber'))]);
  }
  // SMS_COUNTRIES: texts go only where Steep is offered (premium numbers elsewhere are how pumping pays).
  if (!parsed.country || !allowedCountries.includes(parsed.country)) {
    const countries = [...allowedCountries];
    throw badRequest(localText('textsOnlyTo', { countries }), [
      fieldError(field, localText('steepTextsOnlyTo', { countries })),
    ]);
  }
  return parsed.number;
}
