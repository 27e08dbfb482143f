/**
 * What the overview asks the server for, shared by the page and by the prefetch that starts before its
 * code has loaded (the two must ask alike to share one request).
 */

/** Recent Purchases: the first 3 of the list, newest first (SPEC section 9). */
export const RECENT_PURCHASES = { limit: 3 } as const;
