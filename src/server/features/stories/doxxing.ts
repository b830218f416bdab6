/**
 * The doxxing guard: details that identify or locate a real person are refused before a story is
 * stored. Pure text rules here; the username check needs the database (see stories.ts).
 */

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;

const RULES: ReadonlyArray<{ what: string; pattern: RegExp }> = [
  {
    what: 'link',
    pattern:
      /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+\.(?:com|net|org|io|co|me|ly|app|dev|xyz|info|biz|us|uk|ca|au|de|fr|tv|gg|link|page|site|online)\b(?:\/\S*)?/i,
  },
  // Seven or more digits, allowing the usual separators: (503) 555-0199, +1 503 555 0199, 5035550199.
  { what: 'phone number', pattern: /(?:\+\s*)?\d(?:[\s.\-()]{0,3}\d){6,}/ },
  // A social handle: @name, but not the middle of an email address.
  { what: '@handle', pattern: /(?:^|[^\p{L}\p{N}._%+-])@[A-Za-z0-9_.]{2,}/u },
  // 123 Main St, 4B N Oak Avenue: a number, one to three capitalised words and a street type…
  {
    what: 'street address',
    pattern: new RegExp(
      String.raw`\b\d{1,6}[A-Za-z]?\s+(?:(?:[NSEW]\.?|North|South|East|West)\s+)?(?:[A-Z0-9][\w'-]*\s+){1,3}` +
        String.raw`(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Place|Pl|Way|Terrace|Ter|Circle|Cir|Parkway|Pkwy|Highway|Hwy|Square|Sq)\b`,
    ),
  },
  // …or, in any case, a number and words ending in a spelled-out street, avenue or boulevard.
  { what: 'street address', pattern: /\b\d{1,6}\s+(?:[\w'-]+\s+){1,3}(?:street|avenue|boulevard)\b/i },
];

/** What identifying details the text holds, each named once, in a stable order. */
export function identifyingDetails(text: string): string[] {
  const found = new Set<string>();
  // An email address is named once, not again as a link and a handle.
  const withoutEmails = text.replace(EMAIL, () => {
    found.add('email address');
    return ' ';
  });
  for (const rule of RULES) if (rule.pattern.test(withoutEmails)) found.add(rule.what);
  return [...found];
}

/**
 * Words that could only be a username: username characters with a digit, an underscore or an inner
 * dot. A plain word ("sarah", "coffee") is also ordinary language and a first name is allowed, so
 * it is not checked: refusing every story that uses a word some member picked as her username would
 * refuse ordinary English.
 */
export function usernameCandidates(text: string): string[] {
  const words = text.match(/[A-Za-z0-9_.]{3,30}/g) ?? [];
  const candidates = new Set<string>();
  for (const word of words) {
    const trimmed = word.replace(/^\.+|\.+$/g, '');
    if (trimmed.length >= 3 && /[0-9_]|[A-Za-z]\.[A-Za-z]/.test(trimmed) && /[A-Za-z]/.test(trimmed))
      candidates.add(trimmed.toLowerCase());
  }
  return [...candidates].slice(0, 200);
}

export function removeDetailsMessage(details: string[], what: 'story' | 'reply' = 'story'): string {
  const list =
    details.length === 1 ? details[0] : `${details.slice(0, -1).join(', ')} and ${details[details.length - 1]}`;
  const noun = details.length === 1 ? 'it' : 'them';
  const plural = what === 'story' ? 'stories' : 'replies';
  return `Please remove the ${list}: ${plural} can't include details that identify or locate someone. Edit your ${what} to take ${noun} out.`;
}
