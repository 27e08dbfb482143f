import { z } from 'zod';

/** `GET /api/v1/meta/` (public): whether sign-in is the local provider sandbox, for the web app's banner. */
export const Meta = z.object({
  sandbox: z.boolean(),
  /** The sandbox's own address (tests drive its control API there); absent with real providers. */
  sandbox_url: z.string().optional(),
  version: z.string(),
});
export type Meta = z.infer<typeof Meta>;

const SANDBOX_NOTICE = /[ \t]*<!-- sandbox-notice -->[\s\S]*?<!-- \/sandbox-notice -->\n?/;

/**
 * The web app's page as served: `index.html` holds the sandbox notice between `sandbox-notice` comments,
 * so that it paints with the page's first frame; whoever serves the page drops it when sign-in is real.
 */
export function appPage(indexHtml: string, { sandbox }: { sandbox: boolean }): string {
  return sandbox ? indexHtml : indexHtml.replace(SANDBOX_NOTICE, '');
}
