import { type ComponentType, lazy, Suspense } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { Spinner } from '@/components/Spinner';
import { LandingPage } from '@/features/landing/LandingPage';
import { paths } from './paths';
import { RootLayout } from './RootLayout';

/** A route element whose code loads on demand, with the spinner while its chunk arrives. */
function page(load: () => Promise<ComponentType>) {
  const Lazy = lazy(async () => ({ default: await load() }));
  return (
    <Suspense fallback={<Spinner label="Loading page" fullScreen />}>
      <Lazy />
    </Suspense>
  );
}

const notFound = () => import('@/features/not-found/NotFoundPage').then((m) => m.NotFoundPage);

// The landing page is in the entry chunk (it is the first paint); every other route loads on demand, and
// only the routes under StoreLayout pull in Redux and RTK Query. Declarative routes rather than a data
// router: the data router alone would cost the landing page ~16 KB gzip of its 100 KB budget.
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: paths.home, element: <LandingPage /> },
      {
        path: paths.terms,
        element: page(() => import('@/features/legal/TermsPage').then((m) => m.TermsPage)),
      },
      {
        path: paths.privacy,
        element: page(() => import('@/features/legal/PrivacyPage').then((m) => m.PrivacyPage)),
      },
      {
        path: paths.feedback,
        element: page(() => import('@/features/legal/FeedbackPage').then((m) => m.FeedbackPage)),
      },
      {
        path: paths.login,
        element: page(() => import('@/features/auth/LoginPage').then((m) => m.LoginPage)),
      },
      {
        path: paths.googleCallback,
        element: page(() => import('@/features/auth/GoogleCallbackPage').then((m) => m.GoogleCallbackPage)),
      },
      {
        element: page(() => import('./StoreLayout').then((m) => m.StoreLayout)),
        children: [
          {
            path: paths.googleSuccess,
            element: page(() => import('@/features/auth/SuccessPage').then((m) => m.GoogleSuccessPage)),
          },
          {
            path: paths.microsoftSuccess,
            element: page(() => import('@/features/auth/SuccessPage').then((m) => m.MicrosoftSuccessPage)),
          },
          {
            path: paths.dashboard,
            element: page(() => import('./dashboard/DashboardLayout').then((m) => m.DashboardLayout)),
            children: [
              {
                index: true,
                element: page(() => import('./dashboard/OverviewPage').then((m) => m.OverviewPage)),
              },
              {
                path: 'purchase',
                element: page(() =>
                  import('@/features/purchases/PurchasesPage').then((m) => m.PurchasesPage),
                ),
              },
              {
                path: 'warranties',
                element: page(() =>
                  import('@/features/purchases/WarrantiesPage').then((m) => m.WarrantiesPage),
                ),
              },
              {
                path: 'receipts',
                element: page(() => import('@/features/receipts/ReceiptsPage').then((m) => m.ReceiptsPage)),
              },
              {
                path: 'reminders',
                element: page(() =>
                  import('@/features/reminders/RemindersPage').then((m) => m.RemindersPage),
                ),
              },
              {
                path: 'replacement',
                element: page(() =>
                  import('@/features/parts/ReplacementPage').then((m) => m.ReplacementPage),
                ),
              },
              {
                path: 'adminuser',
                element: page(() => import('@/features/admin/AdminUserPage').then((m) => m.AdminUserPage)),
              },
              { path: '*', element: page(notFound) },
            ],
          },
        ],
      },
      { path: '*', element: page(notFound) },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
