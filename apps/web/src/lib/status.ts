/** Where a status is shown: the seed colours Expired red only on the receipts page. */
export type StatusSurface = 'warranties' | 'receipts';

/**
 * Tailwind classes of a warranty status badge (SPEC section 4): Active green, Expiring_Soon orange,
 * Expired red on receipts; anything else yellow (No_Warranty, a purchase without a warranty date, too).
 */
export function warrantyStatusClasses(status: string, surface: StatusSurface): string {
  if (status === 'Active') return 'bg-green-100 text-green-800';
  if (status === 'Expiring_Soon') return 'bg-orange-100 text-orange-800';
  if (status === 'Expired' && surface === 'receipts') return 'bg-red-100 text-red-800';
  return 'bg-yellow-100 text-yellow-800';
}

/** A status as people read it: 'Expiring_Soon' → 'Expiring Soon'. */
export function statusLabel(status: string): string {
  return status.replaceAll('_', ' ');
}

/** A receipt's extraction status: 'success' green, anything else yellow. */
export function receiptStatusClasses(status: string): string {
  return status === 'success' ? 'bg-green-100 text-green-800' : 'bg-yellow-100 text-yellow-800';
}
