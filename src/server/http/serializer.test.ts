import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { allRouteDeclarations } from '../../contract/api';
import { subscriptionDetails } from '../../contract/billing';
import { publicProfile } from '../../contract/profiles';
import { selfUser } from '../../contract/users';
import { compileResponseSchema } from './serializer';

const profileRow = {
  id: '5d3a3b0e-6a4b-4d1e-9f55-3b1d1b0f6c11',
  name: 'Ana',
  age: 29,
  bio: 'Tea first.',
  location: 'Portland, Oregon',
  pronouns: null,
  photos: ['/media/a.webp'],
  interests: ['Hiking'],
  teaInterests: ['Matcha'],
  job: 'Potter',
  education: null,
  height: 170,
  relationshipGoals: null,
  loveLanguage: 'Quality time',
  lifestyle: { smoking: 'Never' },
  prompts: [{ promptId: 'sunday', question: 'A perfect Sunday looks like…', answer: 'Pour-overs' }],
  isVerified: true,
  isOnline: false,
  lastActive: null,
};
// What a careless query could bring along with the row.
const privateColumns = {
  email: 'ana@example.com',
  phoneNumber: '+15035550100',
  passwordHash: 'scrypt$…',
  latitude: 45.5152,
  longitude: -122.6784,
  ghostMode: true,
};

function stringify(schema: z.ZodType): (data: unknown) => string {
  const compiled = compileResponseSchema(schema);
  if (!compiled) throw new Error('expected the schema to compile');
  return compiled;
}

describe('compiled response serializers', () => {
  it('compile for every declared route, so no response is parsed by zod on the way out', () => {
    const fallbacks = allRouteDeclarations()
      .filter((route) => !route.binary && compileResponseSchema(route.response) === undefined)
      .map((route) => `${route.method} ${route.path}`);
    expect(fallbacks).toEqual([]);
  });

  it('compile a tuple inside a union without a strict-mode warning, and write it whole', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const range = z.object({ ageRange: z.tuple([z.number().int(), z.number().int()]) });
      const write = stringify(z.object({ preferences: z.union([range, z.null()]) }));
      expect(JSON.parse(write({ preferences: { ageRange: [25, 40] } }))).toEqual({
        preferences: { ageRange: [25, 40] },
      });
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it('write what zod would, and never a private field added to the row', () => {
    const json = stringify(publicProfile)({ ...profileRow, ...privateColumns });
    expect(JSON.parse(json)).toEqual(z.encode(publicProfile, profileRow));
    for (const [key, value] of Object.entries(privateColumns)) {
      expect(json).not.toContain(key);
      if (typeof value !== 'boolean') expect(json).not.toContain(String(value));
    }
  });

  it('keep the allowlist inside arrays, nested objects and union branches', () => {
    const schema = z.object({
      people: z.array(publicProfile.pick({ id: true, name: true })),
      item: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('person'), name: z.string() }),
        z.object({ kind: z.literal('event'), title: z.string() }),
      ]),
    });
    const json = stringify(schema)({
      people: [{ id: 'a', name: 'Ana', ...privateColumns }],
      item: { kind: 'event', title: 'Matcha walk', ...privateColumns },
    });
    expect(JSON.parse(json)).toEqual({
      people: [{ id: 'a', name: 'Ana' }],
      item: { kind: 'event', title: 'Matcha walk' },
    });
  });

  it('write null for nullable fields and leave out absent optional ones', () => {
    const json = stringify(
      selfUser.pick({ id: true, email: true, pronouns: true }).extend({ age: z.number().optional() }),
    )({
      id: 'a',
      email: null,
      pronouns: 'she/her',
    });
    expect(JSON.parse(json)).toEqual({ id: 'a', email: null, pronouns: 'she/her' });
  });

  it('choose a union branch by shape, whatever the validation-only rules say (nullable enum in a nullable object)', () => {
    const details = {
      hasActiveSubscription: true,
      processor: 'demo',
      subscription: {
        id: 'sub_1',
        planType: 'monthly',
        priceCents: 399,
        currency: 'USD',
        status: 'active',
        isTestGrant: false,
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
        nextPlanType: null,
        cardBrand: 'visa',
        cardLast4: '4242',
        providerPaymentMethod: 'pm_secret',
      },
      payments: [],
      boost: { activeUntil: null, nextAvailableAt: null, available: true },
    };
    const json = stringify(subscriptionDetails)(details);
    expect(JSON.parse(json)).toEqual(z.encode(subscriptionDetails, details as z.input<typeof subscriptionDetails>));
    expect(json).not.toContain('pm_secret');
    expect(JSON.parse(stringify(subscriptionDetails)({ ...details, subscription: null })).subscription).toBeNull();
  });
});
