import { randomBytes } from 'node:crypto';
import { isoDate } from '../../dates';
import type { Db } from '../../db/schema';
import { AppError } from '../../errors';
import { intervalRule } from '../parts/consumables';
import { nextDue } from '../parts/parts.service';

const utcDate = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** The user's feed secret, made on first use. */
export async function feedSecret(db: Db, userId: string): Promise<string> {
  const user = await db.selectFrom('users').select('feed_secret').where('id', '=', userId).executeTakeFirst();
  if (!user) throw new AppError('unauthorized', 'The account of this access token no longer exists');
  return user.feed_secret ?? rotateFeedSecret(db, userId);
}

/** A new secret: the old feed URL stops working at once. */
export async function rotateFeedSecret(db: Db, userId: string): Promise<string> {
  const secret = randomBytes(24).toString('base64url');
  await db.updateTable('users').set({ feed_secret: secret }).where('id', '=', userId).execute();
  return secret;
}

/**
 * The user's calendar as RFC 5545 text: warranty expiries, the reminders they set, and recurring
 * maintenance of replacement parts. Null when no user has this secret.
 */
export async function renderFeed(db: Db, secret: string, appUrl: string, now: Date): Promise<string | null> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('feed_secret', '=', secret)
    .executeTakeFirst();
  if (!user) return null;
  const { default: ical } = await import('ical-generator');
  const calendar = ical({
    name: `Warrantly: ${user.name}`,
    prodId: { company: 'Warrantly', product: 'Warrantly', language: 'EN' },
    ttl: 60 * 60,
  });
  const orders = await db
    .selectFrom('orders')
    .select([
      'id',
      'product_name',
      'shop_name',
      'warranty_expire_date',
      'purchase_date',
      'replace_every_days',
      'parent_id',
    ])
    .where('user_id', '=', user.id)
    .execute();
  for (const order of orders) {
    if (order.warranty_expire_date) {
      calendar.createEvent({
        id: `warranty-${order.id}@warrantly`,
        start: utcDate(order.warranty_expire_date),
        allDay: true,
        summary: `Warranty ends: ${order.product_name}`,
        description: `The warranty of ${order.product_name}${order.shop_name ? ` (${order.shop_name})` : ''} ends today.\n${appUrl}/dashboard/warranties`,
        url: `${appUrl}/dashboard/warranties`,
      });
    }
    const due = nextDue(order.purchase_date, order.replace_every_days, isoDate(now));
    if (order.parent_id !== null && order.replace_every_days && due) {
      calendar.createEvent({
        id: `part-${order.id}@warrantly`,
        start: utcDate(due),
        allDay: true,
        summary: `Replace: ${order.product_name}`,
        description: `Time to replace ${order.product_name}.\n${appUrl}/dashboard/replacement`,
        repeating: intervalRule(order.replace_every_days),
        url: `${appUrl}/dashboard/replacement`,
      });
    }
  }
  const reminders = await db
    .selectFrom('reminders')
    .select(['id', 'title', 'event_date', 'rrule', 'kind'])
    .where('user_id', '=', user.id)
    .where('kind', '=', 'custom')
    .execute();
  for (const reminder of reminders) {
    calendar.createEvent({
      id: `reminder-${reminder.id}@warrantly`,
      start: utcDate(reminder.event_date),
      allDay: true,
      summary: reminder.title,
      description: `${appUrl}/dashboard/reminders`,
      ...(reminder.rrule ? { repeating: reminder.rrule } : {}),
    });
  }
  return calendar.toString();
}
