import type { TrackInteraction } from '@warrantly/contract/tracking';
import { api } from '@/app/api';

const trackingApi = api.injectEndpoints({
  endpoints: (build) => ({
    trackInteraction: build.mutation<unknown, TrackInteraction>({
      query: (body) => ({ url: '/api/v1/track-interaction/', method: 'POST', body }),
    }),
  }),
});

/**
 * Records a visit to a dashboard tab. Fire and forget: the result is not kept in the store (`track:
 * false`) and nothing subscribes to it, so neither the request nor its answer re-renders the dashboard;
 * a failure is only logged (SPEC section 8).
 */
export const trackTab = (pathname: string) =>
  trackingApi.endpoints.trackInteraction.initiate({ tab_name: tabNameOf(pathname) }, { track: false });

/**
 * The tab a dashboard path belongs to: its second segment, or 'dashboard' for the overview.
 * @example tabNameOf('/dashboard/purchase') //=> 'purchase'
 * @example tabNameOf('/dashboard') //=> 'dashboard'
 */
export function tabNameOf(pathname: string): string {
  const segment = pathname.split('/').filter(Boolean)[1];
  return segment ? segment.slice(0, 64) : 'dashboard';
}
