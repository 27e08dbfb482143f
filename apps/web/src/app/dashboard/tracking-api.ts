import type { TrackInteraction } from '@warrantly/contract/purchases';
import { api } from '../api';

const trackingApi = api.injectEndpoints({
  endpoints: (build) => ({
    trackInteraction: build.mutation<unknown, TrackInteraction>({
      query: (body) => ({ url: '/api/v1/track-interaction/', method: 'POST', body }),
    }),
  }),
});

export const { useTrackInteractionMutation } = trackingApi;

/**
 * The tab a dashboard path belongs to: its second segment, or 'dashboard' for the overview.
 * @example tabNameOf('/dashboard/purchase') //=> 'purchase'
 * @example tabNameOf('/dashboard') //=> 'dashboard'
 */
export function tabNameOf(pathname: string): string {
  const segment = pathname.split('/').filter(Boolean)[1];
  return segment ? segment.slice(0, 64) : 'dashboard';
}
