import type { Page } from '@playwright/test';

/** Today as the API writes dates (local YYYY-MM-DD). */
export function isoDate(date: Date): string {
  return date.toLocaleDateString('en-CA');
}

export function daysFromToday(days: number): Date {
  const d = new Date();
  d.setHours(12, 0, 0, 0);
  d.setDate(d.getDate() + days);
  return d;
}

/** A name no other spec uses, so a spec finds its own rows among the shared demo data. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
}

/**
 * Calls the API as the page's signed-in user (setting up data a spec then looks at through the UI).
 * The token is the one the web app stored.
 */
export async function asUser(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  if (!token) throw new Error('The page is not signed in');
  const headers = { authorization: `Bearer ${token}` };
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string;
  };
  return {
    /** The signed-in user's id (the access token's subject). */
    userId: claims.sub,
    async createPurchase(fields: Record<string, string>) {
      const res = await page.request.post('/api/v1/orders/create/', { headers, multipart: fields });
      if (!res.ok()) throw new Error(`create failed: HTTP ${res.status()} ${await res.text()}`);
      return (await res.json()) as { id: number; order_id: string; product_name: string };
    },
    async purchases() {
      const res = await page.request.get('/api/v1/user-orders/', { headers });
      return (await res.json()) as { id: number; product_name: string; parent_id: number | null }[];
    },
    /** The titles of the events on the provider's calendar, as the Reminders page lists them. */
    async eventTitles(provider: 'google' | 'microsoft') {
      const path = provider === 'google' ? '/api/v1/calendar/list/' : '/api/v1/outlook-calendar/list/';
      const res = await page.request.get(path, { headers });
      if (!res.ok()) throw new Error(`event list failed: HTTP ${res.status()} ${await res.text()}`);
      const { events } = (await res.json()) as { events: { summary?: string; title?: string }[] };
      return events.map((e) => e.summary ?? e.title ?? '');
    },
  };
}
