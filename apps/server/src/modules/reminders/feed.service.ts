import { createHash, randomBytes } from 'node:crypto';
import { isoDate } from '../../dates';
import type { Db } from '../../db/schema';
import { AppError } from '../../errors';
import { intervalRule } from '../../providers/calendar';
import { type EncryptionKeys, openText, sealText } from '../../storage/envelope';
import { nextDue } from '../parts/parts.service';
import { listReminderSources } from '../purchases/purchases.service';
import * as repo from './reminders.repository';

const utcDate = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** The secret is sealed to its user's row. */
export const feedSecretContext = (userId: string) => `feed-secret:${userId}`;

/** The database finds a feed by its secret's hash, so a copy of it does not open anyone's feed. */
export const hashFeedSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** The user's feed secret, made on first use. */
export async function feedSecret(db: Db, keys: EncryptionKeys, userId: string): Promise<string> {
  const user = await repo.findSealedFeedSecret(db, userId);
  if (!user) throw new AppError('unauthorized', 'The account of this access token no longer exists');
  return user.feed_secret_enc
    ? openText(user.feed_secret_enc, keys, feedSecretContext(userId))
    : rotateFeedSecret(db, keys, userId);
}

/** A new secret: the old feed URL stops working at once. */
export async function rotateFeedSecret(db: Db, keys: EncryptionKeys, userId: string): Promise<string> {
  const secret = randomBytes(24).toString('base64url');
  await repo.setFeedSecret(
    db,
    userId,
    hashFeedSecret(secret),
    sealText(secret, keys, feedSecretContext(userId)),
  );
  return secret;
}

/**
 * The user's calendar as RFC 5545 text: warranty expiries, the reminders they set, and recurring
 * maintenance of replacement parts. Null when no user has this secret.
 */
export async function renderFeed(db: Db, secret: string, appUrl: string, now: Date): Promise<string | null> {
  const user = await repo.findFeedOwner(db, hashFeedSecret(secret));
  if (!user) return null;
  const { default: ical } = await import('ical-generator');
  const calendar = ical({
    name: `Warrantly: ${user.name}`,
    prodId: { company: 'Warrantly', product: 'Warrantly', language: 'EN' },
    ttl: 60 * 60,
  });
  const orders = await listReminderSources(db, user.id);
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
  const reminders = await repo.listCustomReminders(db, user.id);
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
