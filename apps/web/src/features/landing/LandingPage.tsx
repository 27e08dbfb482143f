import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import type { HomeState } from '@/app/paths';
import { hasStoredSession, subscribeToStoredSession } from '@/app/session';
import { AccountDeletedNotice } from './components/AccountDeletedNotice';
import { AdminTools } from './components/AdminTools';
import { DashboardPreview } from './components/DashboardPreview';
import { FeatureGrid } from './components/FeatureGrid';
import { Hero } from './components/Hero';
import { SiteFooter } from './components/SiteFooter';
import { SiteHeader } from './components/SiteHeader';

export function LandingPage() {
  // Read from storage rather than the store, so the landing page ships without Redux; followed as other
  // tabs sign in and out.
  const hasSession = useSyncExternalStore(subscribeToStoredSession, hasStoredSession);
  const isAccountDeleted = (useLocation().state as HomeState | null)?.notice === 'account-deleted';
  const isSignedIn = hasSession && !isAccountDeleted;
  return (
    <>
      <SiteHeader isSignedIn={isSignedIn} />
      {isAccountDeleted && <AccountDeletedNotice />}
      <main id="top">
        <Hero isSignedIn={isSignedIn} />
        <DashboardPreview />
        <FeatureGrid />
        <AdminTools />
      </main>
      <SiteFooter />
    </>
  );
}
