import { z } from 'zod';

/** `POST /api/v1/track-interaction/`: the tab the user opened under /dashboard. */
export const TrackInteraction = z.object({
  tab_name: z.string().trim().min(1, 'tab_name is required').max(64),
});
export type TrackInteraction = z.infer<typeof TrackInteraction>;
