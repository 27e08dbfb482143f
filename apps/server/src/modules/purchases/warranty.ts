import type { WarrantyStatus } from '@warrantly/contract/purchases';
import { addDays } from '../../dates';

/** A warranty ending within this many days is `Expiring_Soon` and counts as upcoming. */
export const EXPIRING_SOON_DAYS = 30;

/**
 * Derived when read so it is never stale: past the date `Expired`, within 30 days `Expiring_Soon`, later
 * `Active`. A purchase with no warranty end (none printed, none estimated, none entered) is no warranty
 * at all: `No_Warranty`, whatever a form sent.
 * @example warrantyStatus('2026-12-01', '2026-11-22') //=> 'Expiring_Soon'
 * @example warrantyStatus(null, '2026-11-22') //=> 'No_Warranty'
 */
export function warrantyStatus(expiresOn: string | null, today: string): WarrantyStatus {
  if (!expiresOn) return 'No_Warranty';
  if (expiresOn < today) return 'Expired';
  if (expiresOn <= addDays(today, EXPIRING_SOON_DAYS)) return 'Expiring_Soon';
  return 'Active';
}
