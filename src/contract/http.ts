import { z } from 'zod';

/** The one error shape every non-2xx API answer has. */
export const errorBody = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const okBody = z.object({ ok: z.literal(true), message: z.string().optional() });
