import type { WarrantyStatus } from '@warrantly/contract/purchases';
import { addDays } from '../../dates';

/** A warranty ending within this many days is `Expiring_Soon` and counts as upcoming. */
export const EXPIRING_SOON_DAYS = 30;

/**
 * Derived when read so it is never stale: past the date `Expired`, within 30 days `Expiring_Soon`,
 * otherwise (or with no date at all) `Active`.
 * @example warrantyStatus('2026-12-01', '2026-11-22') //=> 'Expiring_Soon'
 */
export function warrantyStatus(expiresOn: string | null, today: string): WarrantyStatus {
  if (!expiresOn) return 'Active';
  if (expiresOn < today) return 'Expired';
  if (expiresOn <= addDays(today, EXPIRING_SOON_DAYS)) return 'Expiring_Soon';
  return 'Active';
}
