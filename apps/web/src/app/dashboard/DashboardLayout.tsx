import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Toasts } from '@/components/Toasts';
import { NotFoundPage } from '@/features/not-found/NotFoundPage';
import { trackTab } from '@/features/tracking/tracking-api';
import { selectIsSignedIn, selectSignOutReason } from '../auth-slice';
import { useAppDispatch, useAppSelector } from '../hooks';
import { type HomeState, paths } from '../paths';
import { RouteErrorBoundary } from '../RouteErrorBoundary';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { useFirstSync } from './use-first-sync';
import { useLogout } from './use-logout';

/** The protected shell: guard, sidebar, top bar, tab tracking, toasts, and the 404 page as error page. */
export function DashboardLayout() {
  const isSignedIn = useAppSelector(selectIsSignedIn);
  const signOutReason = useAppSelector(selectSignOutReason);
  const location = useLocation();
  if (!isSignedIn && signOutReason === 'account-deleted') {
    // In this tab or another: the account is gone, and the landing page says so.
    return <Navigate to={paths.home} replace state={{ notice: 'account-deleted' } satisfies HomeState} />;
  }
  if (!isSignedIn) return <Navigate to={paths.login} replace state={{ from: location }} />;
  return <Shell />;
}

function Shell() {
  const location = useLocation();
  const [isCollapsed, setIsCollapsed] = useState(false);
  const [isMobileOpen, setIsMobileOpen] = useState(false);
  const dispatch = useAppDispatch();
  const logout = useLogout();
  useFirstSync();

  // Every navigation under /dashboard is recorded; a failure is only logged (SPEC section 8).
  useEffect(() => {
    dispatch(trackTab(location.pathname))
      .unwrap()
      .catch((error: unknown) => console.error('Tab tracking failed', error));
  }, [location.pathname, dispatch]);

  useEffect(() => {
    if (!isMobileOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setIsMobileOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isMobileOpen]);

  return (
    <div className="min-h-screen bg-slate-50 lg:flex">
      <aside
        aria-label="Sidebar"
        className={`sticky top-0 hidden h-[calc(100vh-var(--notice-h))] shrink-0 border-r border-slate-200 bg-white lg:block ${
          isCollapsed ? 'w-16' : 'w-64'
        }`}
      >
        <Sidebar isCollapsed={isCollapsed} onNavigate={() => undefined} onLogout={() => void logout()} />
      </aside>
      {isMobileOpen && (
        // Above the sandbox notice, which stays over every page: the menu's Log Out must not sit under it.
        <div className="fixed inset-x-0 top-0 bottom-(--notice-h) z-40 lg:hidden">
          <button
            type="button"
            aria-label="Close menu"
            tabIndex={-1}
            className="absolute inset-0 bg-slate-900/50"
            onClick={() => setIsMobileOpen(false)}
          />
          <aside aria-label="Sidebar" className="absolute inset-y-0 left-0 w-64 bg-white shadow-xl">
            <Sidebar
              isCollapsed={false}
              onNavigate={() => setIsMobileOpen(false)}
              onLogout={() => void logout()}
              onClose={() => setIsMobileOpen(false)}
            />
          </aside>
        </div>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar
          isCollapsed={isCollapsed}
          onToggleCollapse={() => setIsCollapsed((c) => !c)}
          onOpenMenu={() => setIsMobileOpen(true)}
        />
        <main className="flex-1 px-3 py-6 pb-12 sm:px-6 lg:px-8">
          <RouteErrorBoundary key={location.pathname} fallback={<NotFoundPage />}>
            <Outlet />
          </RouteErrorBoundary>
        </main>
      </div>
      <Toasts />
    </div>
  );
}
