import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_ERRORS } from '../../contract/chat-media';
import { CHAT_ERRORS } from '../../contract/chat';
import { SMS_MATCH_TEXT } from '../../contract/sms';
import {
  ALREADY_REPORTED_MESSAGE,
  MISSING_FIELDS_MESSAGE,
  MISSING_REPLY_MESSAGE,
  NUDGE_MESSAGE,
  REPLY_NUDGE_MESSAGE,
} from '../../contract/stories';
import { removeDetailsMessage } from '../features/stories/doxxing';
import { zodMessagesOf } from './contract-messages';
import { en, VALIDATION_TEXTS } from './en';
import { es, esValidation } from './es';
import { translateValidation, type MessageKey } from './index';

/*
 * Nothing the server says stays English for a Spanish reader: every zod message of the contract has its Spanish
 * (the error handler translates it through VALIDATION_TEXTS), and no Spanish entry is its English one.
 */
const contractDir = fileURLToPath(new URL('../../contract/', import.meta.url));
let contract: Record<string, unknown>[] = [];
beforeAll(async () => {
  const files = readdirSync(contractDir).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
  contract = await Promise.all(
    files.map((file) => import(`../../contract/${file.slice(0, -3)}`) as Promise<Record<string, unknown>>),
  );
});

/** Catalogue keys whose Spanish may equal the English (brand or technical words only): none so far. */
// A badge id this build does not know keeps the words it came with (the sample id here is not a badge).
const SAME_IN_BOTH = new Set<string>(['noticeBadgeEarned']);
/** Contract sentences whose Spanish may equal the English: none so far. */
const SAME_TEXTS = new Set<string>([]);

describe('the contract’s validation sentences in Spanish', () => {
  it('has a Spanish sentence for every custom zod message of src/contract', () => {
    const messages = [...zodMessagesOf(contract)];
    expect(messages.length).toBeGreaterThan(200);
    const missing = messages.filter((message) => translateValidation('es', message) === message);
    expect(missing, 'add these to src/server/i18n/en/validation.ts and es/validation.ts').toEqual([]);
  });

  it('translates every sentence of the table', () => {
    const same = VALIDATION_TEXTS.filter((text) => esValidation[text] === text && !SAME_TEXTS.has(text));
    expect(same).toEqual([]);
  });
});

describe('the English catalogue', () => {
  it('repeats the contract’s constant messages word for word (src/server/i18n may not import them)', () => {
    expect([en.messageNotFound, en.icebreakerNotFound, en.icebreakerUsed]).toEqual([
      CHAT_ERRORS.messageNotFound,
      CHAT_ERRORS.icebreakerNotFound,
      CHAT_ERRORS.icebreakerUsed,
    ]);
    expect([en.mediaNotFound, en.mediaUnusable, en.mediaViewOnce, en.mediaAlreadyOpened]).toEqual([
      MEDIA_ERRORS.notFound,
      MEDIA_ERRORS.unusable,
      MEDIA_ERRORS.viewOnce,
      MEDIA_ERRORS.alreadyOpened,
    ]);
    expect(en.smsMatch).toBe(SMS_MATCH_TEXT);
    expect([en.missingReply, en.replyNudge, en.alreadyReported, en.missingStoryFields, en.storyNudge]).toEqual([
      MISSING_REPLY_MESSAGE,
      REPLY_NUDGE_MESSAGE,
      ALREADY_REPORTED_MESSAGE,
      MISSING_FIELDS_MESSAGE,
      NUDGE_MESSAGE,
    ]);
    for (const details of [['link'], ['phone number', 'street address'], ['link', '@handle', 'email address']]) {
      expect(en.removeDetails({ details, what: 'reply' })).toBe(removeDetailsMessage(details, 'reply'));
    }
  });
});

describe('the Spanish catalogue', () => {
  /** A sample of parameters: every entry is called with them (unknown ones are ignored). */
  const params = {
    name: 'Ana',
    username: 'ana_m',
    minutes: 30,
    link: 'https://steep.example/x',
    code: '123456',
    count: 3,
    left: 2,
    days: 30,
    seconds: 60,
    megabytes: 5,
    megapixels: 40,
    field: 'photo',
    what: 'story',
    details: ['phone number'],
    countries: ['US', 'CA'],
    until: '2030-05-01T10:00:00.000Z',
    at: '2030-05-01T10:00:00.000Z',
    id: 'enough_photos',
    todo: 'Add 1 more photo to your profile',
    label: 'At least 3 photos',
    senderName: 'Ana',
    otherName: 'Ana',
    likerName: 'Ana',
    unread: 2,
    preview: null,
    friends: false,
    superLike: false,
    lead: '24h',
    title: 'Picnic',
    short: 'Picnic',
    unsubscribe: 'https://steep.example/u',
    graceMinutes: 15,
    time: '8:00 PM',
    body: 'x',
    date: new Date('2030-05-01T10:00:00.000Z'),
    rule: 'fake_profile',
    description: 'Made your first match',
    sharer: 'Ana',
    withName: 'Alex',
    eventTitle: null,
    place: 'Blue Bottle',
    summary: 'x',
    checkInTime: '10:00 PM',
    email: 'ana@example.com',
    route: 'GET /api/nothing',
    phone: '***-***-0123',
    kind: 'match',
    plan: 'monthly',
    renewal: true,
    // A weak password's advice comes worded in each language (features/auth/password-strength.ts).
    advice: { en: 'A common password.', es: 'Una contraseña común.' },
  };
  const words = (value: unknown): string[] => {
    const resolved = typeof value === 'function' ? (value as (p: unknown) => unknown)(params) : value;
    if (typeof resolved === 'string') return [resolved];
    return Object.values(resolved as Record<string, string>);
  };

  it('has no English left: no entry is the same as its English one', () => {
    const leftovers = (Object.keys(en) as MessageKey[]).filter((key) => {
      if (SAME_IN_BOTH.has(key)) return false;
      const english = words(en[key]);
      const spanish = words(es[key]);
      return spanish.some((text, index) => text === english[index] && /[a-z]{3}/i.test(text));
    });
    expect(leftovers).toEqual([]);
  });
});
