import { describe, expect, it } from 'vitest';
import { receiptStatusClasses, statusLabel, warrantyStatusClasses } from './status';

describe('warrantyStatusClasses', () => {
  it('colours Active green and Expiring_Soon orange everywhere', () => {
    for (const surface of ['warranties', 'receipts'] as const) {
      expect(warrantyStatusClasses('Active', surface)).toContain('green');
      expect(warrantyStatusClasses('Expiring_Soon', surface)).toContain('orange');
    }
  });

  it('colours Expired red on receipts and yellow elsewhere, as the seed did', () => {
    expect(warrantyStatusClasses('Expired', 'receipts')).toContain('red');
    expect(warrantyStatusClasses('Expired', 'warranties')).toContain('yellow');
  });

  it('colours any other value yellow', () => {
    expect(warrantyStatusClasses('Unknown', 'receipts')).toContain('yellow');
    expect(warrantyStatusClasses('', 'warranties')).toContain('yellow');
    // A purchase without a warranty date (server status No_Warranty) is one of those.
    expect(warrantyStatusClasses('No_Warranty', 'warranties')).toContain('yellow');
    expect(warrantyStatusClasses('No_Warranty', 'receipts')).toContain('yellow');
  });

  it('reads underscores as spaces', () => {
    expect(statusLabel('Expiring_Soon')).toBe('Expiring Soon');
    expect(statusLabel('No_Warranty')).toBe('No Warranty');
  });
});

describe('receiptStatusClasses', () => {
  it("shows 'success' green and other extraction statuses yellow", () => {
    expect(receiptStatusClasses('success')).toContain('green');
    expect(receiptStatusClasses('partial')).toContain('yellow');
    expect(receiptStatusClasses('failed')).toContain('yellow');
  });
});
