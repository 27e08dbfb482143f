import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useState } from 'react';
import { matchRoutes, type RouteObject, useRoutes } from 'react-router';
import { Spinner } from '@/components/Spinner';
import { LandingPage } from '@/features/landing/LandingPage';
import { nextTask } from './next-task';
import { paths } from './paths';

interface PageHandle {
  preload(): Promise<unknown>;
  /** Starts the requests for the page's data, when a link opens on it. */
  prefetch?(): Promise<unknown>;
}

interface PageCode {
  Lazy: LazyExoticComponent<ComponentType>;
  /** The component once its chunk has loaded. */
  loaded(): ComponentType | undefined;
}

function LazyPage({ code }: { code: PageCode }) {
  // Chosen once per mount: switching from Lazy to the loaded component would remount the page.
  const [Ready] = useState(code.loaded);
  return Ready ? <Ready /> : <code.Lazy />;
}

/**
 * A route whose code loads on demand, with the spinner while its chunk arrives. Its `handle.preload`
 * starts that load early: `preloadRoutes` calls it for every route the first URL matches, so a nested
 * page's chunks (store, shell, page) load side by side instead of one after another, and a page whose
 * chunk is already there renders at once, without a spinner commit in between.
 */
let pageCount = 0;

function page(
  load: () => Promise<ComponentType>,
  prefetch?: () => Promise<unknown>,
): Pick<RouteObject, 'element' | 'handle'> {
  // Sibling routes render at the same place in the tree: the key keeps React from handing one route's
  // LazyPage, and the component it chose, to the next.
  const key = `page-${++pageCount}`;
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const preload = () => {
    pending ??= load().then((component) => {
      loaded = component;
      return component;
    });
    return pending;
  };
  const code: PageCode = {
    Lazy: lazy(async () => ({ default: await preload() })),
    loaded: () => loaded,
  };
  const handle: PageHandle = { preload, prefetch };
  return {
    element: (
      <Suspense key={key} fallback={<Spinner label="Loading page" fullScreen />}>
        <LazyPage code={code} />
      </Suspense>
    ),
    handle,
  };
}

/**
 * Starts loading the code of every route `pathname` matches, and the data of those that say what they
 * need, side by side; settles when all have loaded. Each start is a task of its own: starting a chunk's
 * load also starts its dependencies' (a `<link rel=modulepreload>` each), and all of them in one task kept
 * the page from answering input for a while.
 */
export async function preloadRoutes(pathname: string): Promise<void> {
  const loads: Promise<unknown>[] = [];
  // Not in the task that runs the entry's code, which is long enough already.
  await nextTask();
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const handle = match.route.handle as PageHandle | undefined;
    if (!handle) continue;
    await nextTask();
    loads.push(handle.preload());
    if (handle.prefetch) loads.push(handle.prefetch());
  }
  // A failed load shows when its page renders.
  await Promise.allSettled(loads);
}

const notFound = () => import('@/features/not-found/NotFoundPage').then((m) => m.NotFoundPage);

// The landing page is in the entry chunk (it is the first paint); every other route loads on demand, and
// only the routes under StoreLayout pull in Redux and RTK Query. Declarative routes rather than a data
// router: the data router alone would cost the landing page ~16 KB gzip of its 100 KB budget.
export const routes: RouteObject[] = [
  { path: paths.home, element: <LandingPage /> },
  {
    path: paths.terms,
    ...page(() => import('@/features/legal/TermsPage').then((m) => m.TermsPage)),
  },
  {
    path: paths.privacy,
    ...page(() => import('@/features/legal/PrivacyPage').then((m) => m.PrivacyPage)),
  },
  {
    path: paths.feedback,
    ...page(() => import('@/features/legal/FeedbackPage').then((m) => m.FeedbackPage)),
  },
  {
    path: paths.login,
    ...page(() => import('@/features/auth/LoginPage').then((m) => m.LoginPage)),
  },
  {
    path: paths.googleCallback,
    ...page(() => import('@/features/auth/GoogleCallbackPage').then((m) => m.GoogleCallbackPage)),
  },
  {
    ...page(() => import('./StoreLayout').then((m) => m.loadStoreLayout())),
    children: [
      {
        path: paths.googleSuccess,
        ...page(() => import('@/features/auth/SuccessPage').then((m) => m.GoogleSuccessPage)),
      },
      {
        path: paths.microsoftSuccess,
        ...page(() => import('@/features/auth/SuccessPage').then((m) => m.MicrosoftSuccessPage)),
      },
      {
        path: paths.dashboard,
        ...page(() => import('./dashboard/DashboardLayout').then((m) => m.DashboardLayout)),
        children: [
          {
            index: true,
            ...page(
              () => import('./dashboard/OverviewPage').then((m) => m.OverviewPage),
              () => import('./dashboard/overview-data').then((m) => m.prefetchOverview()),
            ),
          },
          {
            path: 'purchase',
            ...page(() => import('./dashboard/PurchasesRoute').then((m) => m.PurchasesRoute)),
          },
          {
            path: 'warranties',
            ...page(() => import('@/features/purchases/WarrantiesPage').then((m) => m.WarrantiesPage)),
          },
          {
            path: 'receipts',
            ...page(() => import('./dashboard/ReceiptsRoute').then((m) => m.ReceiptsRoute)),
          },
          {
            path: 'reminders',
            ...page(() => import('@/features/reminders/RemindersPage').then((m) => m.RemindersPage)),
          },
          {
            path: 'replacement',
            ...page(() => import('@/features/parts/ReplacementPage').then((m) => m.ReplacementPage)),
          },
          {
            path: 'review',
            ...page(() => import('./dashboard/ReviewRoute').then((m) => m.ReviewRoute)),
          },
          {
            path: 'account',
            ...page(() => import('./dashboard/AccountRoute').then((m) => m.AccountRoute)),
          },
          {
            path: 'adminuser',
            ...page(() => import('@/features/admin/AdminUserPage').then((m) => m.AdminUserPage)),
          },
          { path: '*', ...page(notFound) },
        ],
      },
    ],
  },
  { path: '*', ...page(notFound) },
];

export function AppRoutes() {
  return useRoutes(routes);
}
