import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { ActionButton } from '@/components/ActionButton';
import { ErrorScreen } from '@/components/ErrorScreen';
import { PageHeader } from '@/components/PageHeader';
import { Spinner } from '@/components/Spinner';
import { StatCard } from '@/components/StatCard';
import { RefreshPurchasesButton } from '@/features/mail-sync/RefreshPurchasesButton';
import { SyncStatus } from '@/features/mail-sync/SyncStatus';
import { useMailSync } from '@/features/mail-sync/use-mail-sync';
import {
  useGetActiveWarrantyCountQuery,
  useGetPurchasePageQuery,
  useGetTotalPriceQuery,
} from '@/features/purchases/purchases-api';
import { UpcomingRemindersPanel } from '@/features/reminders/components/UpcomingRemindersPanel';
import {
  UPCOMING_CARD_HINT,
  useUpcomingReminderCount,
} from '@/features/reminders/use-upcoming-reminder-count';
import { ReviewNotice } from '@/features/review/ReviewNotice';
import { formatAmount, orNotProvided, possessive } from '@/lib/format';
import { currencySymbol, formatMoney, otherTotals } from '@/lib/money';
import { paths } from '../paths';
import { useDisplayName } from '../use-display-name';
import { RECENT_PURCHASES } from './overview-queries';

// The modals load when opened: the overview's first render does not need their code.
const ManualPurchaseModal = lazy(() =>
  import('@/features/purchases/components/ManualPurchaseModal').then((m) => ({
    default: m.ManualPurchaseModal,
  })),
);
const UploadReceiptModal = lazy(() =>
  import('@/features/receipts/components/UploadReceiptModal').then((m) => ({
    default: m.UploadReceiptModal,
  })),
);

export function OverviewPage() {
  const name = useDisplayName();
  const purchases = useGetPurchasePageQuery(RECENT_PURCHASES);
  const totalPrice = useGetTotalPriceQuery();
  const active = useGetActiveWarrantyCountQuery();
  // The card counts what the Upcoming Reminders list shows, from the calendar: it never holds up or fails
  // the dashboard (the list beside it says what went wrong).
  const upcoming = useUpcomingReminderCount();
  const { sync, isSyncing, problem, provider } = useMailSync();
  const [modal, setModal] = useState<'purchase' | 'upload' | null>(null);

  const queries = [purchases, totalPrice, active];
  // The answers arrive in a store notification, which React renders in one go; switching from the
  // spinner to the page through a deferred value lets React render the page in slices instead, so the
  // browser can answer a tap in between.
  const isSettled = useDeferredValue(!queries.some((q) => q.isLoading));
  if (!isSettled) return <Spinner label="Loading dashboard" />;
  if (queries.some((q) => q.isError)) return <ErrorScreen />;

  const total = totalPrice.data;
  const currency = total?.currency || 'USD';
  const recent = purchases.data?.items ?? [];

  return (
    <section>
      <PageHeader
        title={`${possessive(name)} Dashboard`}
        subtitle="Your purchases and warranties at a glance."
      />
      <ul className="grid gap-4 sm:grid-cols-3" aria-label="Summary">
        <StatCard
          label="Total Purchases"
          value={formatMoney(total?.total_purchase_price ?? 0, currency)}
          more={total ? otherTotals(total.by_currency, currency) : []}
          icon="dollar"
          // The seed's "$" icon stands for US dollars; another default currency shows its own symbol.
          symbol={currency === 'USD' ? undefined : currencySymbol(currency)}
        />
        <StatCard
          label="Active Warranties"
          value={active.data?.total_active_products ?? 0}
          icon="shield"
          tint="bg-green-100 text-green-800"
        />
        <StatCard
          label="Upcoming Reminders"
          value={upcoming.count ?? (upcoming.isLoading ? '…' : '–')}
          hint={UPCOMING_CARD_HINT}
          icon="bell"
          tint="bg-amber-100 text-amber-800"
        />
      </ul>

      <section
        aria-labelledby="quick-actions"
        className="mt-6 rounded-2xl border border-slate-200 bg-white p-5"
      >
        <h2 id="quick-actions" className="text-lg font-semibold text-slate-900">
          Quick actions
        </h2>
        <div className="mt-4 flex flex-wrap gap-3">
          <ActionButton icon="plus" onClick={() => setModal('purchase')}>
            Add New Purchase
          </ActionButton>
          <RefreshPurchasesButton onClick={() => void sync()} isSyncing={isSyncing} />
          <ActionButton icon="upload" variant="secondary" onClick={() => setModal('upload')}>
            Upload Receipt
          </ActionButton>
        </div>
        {(isSyncing || problem) && (
          <div className="mt-4">
            <SyncStatus isSyncing={isSyncing} problem={problem} provider={provider} />
          </div>
        )}
        <ReviewNotice />
      </section>

      <div className="mt-6 grid grid-cols-1 gap-6 xl:grid-cols-2">
        <section
          aria-labelledby="recent-purchases"
          className="rounded-2xl border border-slate-200 bg-white p-5"
        >
          <div className="flex items-center justify-between gap-3">
            <h2 id="recent-purchases" className="text-lg font-semibold text-slate-900">
              Recent Purchases
            </h2>
            <Link
              to={paths.purchases}
              className="rounded font-semibold text-blue-700 underline-offset-4 hover:underline"
            >
              View All
            </Link>
          </div>
          {recent.length === 0 ? (
            <p className="mt-4 text-slate-700">No purchases yet.</p>
          ) : (
            <ul className="mt-4 divide-y divide-slate-100">
              {recent.map((p) => (
                <li key={p.id} className="flex items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="truncate font-medium text-slate-900">{p.product_name}</p>
                    <p className="truncate text-sm text-slate-600">
                      {orNotProvided(p.shop_name)} · {orNotProvided(p.purchase_date)}
                    </p>
                  </div>
                  <span className="shrink-0 font-semibold text-slate-900">{formatAmount(p, '$')}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <UpcomingRemindersPanel />
      </div>

      <Suspense fallback={null}>
        {modal === 'purchase' && <ManualPurchaseModal onClose={() => setModal(null)} />}
        {modal === 'upload' && <UploadReceiptModal onClose={() => setModal(null)} />}
      </Suspense>
    </section>
  );
}
