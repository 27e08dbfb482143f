import { hasStoredSession } from '@/app/session';
import { AdminTools } from './components/AdminTools';
import { DashboardPreview } from './components/DashboardPreview';
import { FeatureGrid } from './components/FeatureGrid';
import { Hero } from './components/Hero';
import { SiteFooter } from './components/SiteFooter';
import { SiteHeader } from './components/SiteHeader';

export function LandingPage() {
  // Read from storage rather than the store, so the landing page ships without Redux.
  const isSignedIn = hasStoredSession();
  return (
    <>
      <SiteHeader isSignedIn={isSignedIn} />
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
