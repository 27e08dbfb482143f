import { describe, expect, it } from 'vitest';
import { tabNameOf } from './tracking-api';

describe('tabNameOf', () => {
  it("names the tab after the second path segment, or 'dashboard'", () => {
    expect(tabNameOf('/dashboard')).toBe('dashboard');
    expect(tabNameOf('/dashboard/')).toBe('dashboard');
    expect(tabNameOf('/dashboard/purchase')).toBe('purchase');
    expect(tabNameOf('/dashboard/reminders/extra')).toBe('reminders');
  });
});
