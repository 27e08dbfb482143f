import { useAppSelector } from './hooks';

/** The signed-in user's display name, for titles such as "Avery Quinn's Purchases". */
export function useDisplayName(): string {
  return useAppSelector((s) => s.auth.user?.name || s.auth.user?.email || '');
}
