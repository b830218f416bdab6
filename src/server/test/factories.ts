import type { RegisterBody } from '../../contract/auth';

let counter = 0;

/** A valid sign-up body for API and browser tests; every call gives a new username. */
export function newUserBody(overrides: Partial<RegisterBody> = {}): RegisterBody & { password: string } {
  counter += 1;
  return {
    username: `user${counter}_${Math.random().toString(36).slice(2, 8)}`,
    password: 'Secret_123',
    name: `Test User ${counter}`,
    age: 30,
    bio: 'Tea lover and weekend hiker looking for someone kind.',
    location: 'Portland, Oregon',
    genderIdentity: 'woman',
    sexualOrientation: 'lesbian',
    interests: [],
    teaInterests: ['Green Tea'],
    ...overrides,
  };
}
