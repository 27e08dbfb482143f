import { describe, expect, it } from 'vitest';
import { hasStoredSession, readStoredUser, safeDashboardPath } from './session';

describe('safeDashboardPath', () => {
  it('honours same-origin paths under /dashboard', () => {
    expect(safeDashboardPath('/dashboard')).toBe('/dashboard');
    expect(safeDashboardPath('/dashboard/receipts?page=2')).toBe('/dashboard/receipts?page=2');
  });

  it('falls back to /dashboard for anything else', () => {
    for (const value of [
      null,
      '',
      'https://evil.example/dashboard',
      '//evil.example/dashboard',
      '/\\evil.example',
      '/login',
      '/dashboardx',
      'dashboard',
    ]) {
      expect(safeDashboardPath(value)).toBe('/dashboard');
    }
  });
});

describe('stored session', () => {
  it('needs both tokens', () => {
    expect(hasStoredSession()).toBe(false);
    localStorage.setItem('accessToken', 'a');
    expect(hasStoredSession()).toBe(false);
    localStorage.setItem('refreshToken', 'r');
    expect(hasStoredSession()).toBe(true);
  });

  it('reads the seed-shaped user and ignores garbage', () => {
    localStorage.setItem('user', '{not json');
    expect(readStoredUser()).toBeNull();
    localStorage.setItem(
      'user',
      JSON.stringify({ email: 'a@b.c', name: 'A', picture: '', messages: 'google' }),
    );
    expect(readStoredUser()).toEqual({ email: 'a@b.c', name: 'A', picture: '', messages: 'google' });
  });
});
