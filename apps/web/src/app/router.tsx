import { type ComponentType, lazy, Suspense } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { Spinner } from '@/components/Spinner';
import { LandingPage } from '@/features/landing/LandingPage';
import { paths } from './paths';
import { RootLayout } from './RootLayout';

/** React.lazy for a named export, wrapped so the route shows the spinner while its chunk loads. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  const Lazy = lazy(async () => ({ default: pick(await load()) }));
  return (
    <Suspense fallback={<Spinner label="Loading page" fullScreen />}>
      <Lazy />
    </Suspense>
  );
}

// The landing page is in the entry chunk (it is the first paint); every other route loads on demand.
// Declarative routes rather than a data router: the data router alone would cost the landing page
// ~22 KB gzip, a fifth of its budget.
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: paths.home, element: <LandingPage /> },
      {
        path: paths.terms,
        element: page(
          () => import('@/features/legal/TermsPage'),
          (m) => m.TermsPage,
        ),
      },
      {
        path: paths.privacy,
        element: page(
          () => import('@/features/legal/PrivacyPage'),
          (m) => m.PrivacyPage,
        ),
      },
      {
        path: paths.feedback,
        element: page(
          () => import('@/features/legal/FeedbackPage'),
          (m) => m.FeedbackPage,
        ),
      },
      {
        path: paths.login,
        element: page(
          () => import('@/features/auth/LoginPage'),
          (m) => m.LoginPage,
        ),
      },
      {
        path: paths.googleCallback,
        element: page(
          () => import('@/features/auth/GoogleCallbackPage'),
          (m) => m.GoogleCallbackPage,
        ),
      },
      {
        element: page(
          () => import('./StoreLayout'),
          (m) => m.StoreLayout,
        ),
        children: [
          {
            path: paths.googleSuccess,
            element: page(
              () => import('@/features/auth/SuccessPage'),
              (m) => m.GoogleSuccessPage,
            ),
          },
          {
            path: paths.microsoftSuccess,
            element: page(
              () => import('@/features/auth/SuccessPage'),
              (m) => m.MicrosoftSuccessPage,
            ),
          },
        ],
      },
      {
        path: '*',
        element: page(
          () => import('@/features/not-found/NotFoundPage'),
          (m) => m.NotFoundPage,
        ),
      },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
