import { z } from 'zod';

/** `GET /api/v1/meta/` (public): whether sign-in is the local provider sandbox, for the web app's banner. */
export const Meta = z.object({
  sandbox: z.boolean(),
  /** The sandbox's own address (tests drive its control API there); absent with real providers. */
  sandbox_url: z.string().optional(),
  version: z.string(),
});
export type Meta = z.infer<typeof Meta>;
