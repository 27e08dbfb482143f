import type { Purchase } from '@warrantly/contract/purchases';
import type { RejectedItem, ReviewItem } from '@warrantly/contract/review';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { apiErrorMessage } from '@/app/api';
import { paths } from '@/app/paths';
import { useDisplayName } from '@/app/use-display-name';
import { ActionButton } from '@/components/ActionButton';
import { EmptyState } from '@/components/EmptyState';
import { ErrorScreen } from '@/components/ErrorScreen';
import { PageHeader } from '@/components/PageHeader';
import { Spinner } from '@/components/Spinner';
import { showToast } from '@/components/show-toast';
import { possessive } from '@/lib/format';
import { RejectDialog } from './components/RejectDialog';
import { RejectedList } from './components/RejectedList';
import { ReviewItemCard } from './components/ReviewItemCard';
import {
  useAcceptOneMutation,
  useAcceptReviewMutation,
  useGetReviewInboxQuery,
  useRejectOneMutation,
  useRejectReviewMutation,
  useRestoreRejectedMutation,
} from './review-api';
import { itemTitle, purchaseCount } from './review-words';

interface Props {
  /** The purchases feature's Edit dialog for one line, handed in by the app. */
  renderEdit: (line: Purchase, onClose: () => void) => ReactNode;
}

/**
 * The review inbox: every purchase read automatically that needs a look, oldest first, each beside its
 * source, to accept, edit then accept, or reject; several at once with the checkboxes. Below it, what
 * was rejected in the last 30 days, with Restore.
 */
export function ReviewPage({ renderEdit }: Props) {
  const name = useDisplayName();
  const { data: inbox, isLoading, isError } = useGetReviewInboxQuery();
  const [acceptOne] = useAcceptOneMutation();
  const [acceptMany] = useAcceptReviewMutation();
  const [rejectOne] = useRejectOneMutation();
  const [rejectMany] = useRejectReviewMutation();
  const [restore] = useRestoreRejectedMutation();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [rejecting, setRejecting] = useState<ReviewItem[] | null>(null);
  const [editing, setEditing] = useState<Purchase | null>(null);
  const [restoringId, setRestoringId] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // Where focus goes once acted-on items have left the list: the item now at that place, else the heading.
  const [focusIndex, setFocusIndex] = useState<number | null>(null);

  const items = inbox?.items ?? [];
  const ids = items.map((i) => i.order_id).join('\n');

  // A purchase no longer waiting (accepted elsewhere, or by a sync) cannot stay selected.
  useEffect(() => {
    const waiting = new Set(ids.split('\n'));
    setSelected((s) =>
      [...s].every((id) => waiting.has(id)) ? s : new Set([...s].filter((id) => waiting.has(id))),
    );
  }, [ids]);

  useEffect(() => {
    // Run again when the list has changed: the acted-on items are gone only then.
    void ids;
    if (focusIndex === null || busy.size > 0) return;
    const articles = list.current?.querySelectorAll<HTMLElement>('article') ?? [];
    const target = articles[Math.min(focusIndex, articles.length - 1)] ?? heading.current;
    target?.focus();
    setFocusIndex(null);
  }, [focusIndex, busy, ids]);

  if (isLoading) return <Spinner label="Loading purchases to review" />;
  if (isError || !inbox) return <ErrorScreen />;

  const chosen = items.filter((i) => selected.has(i.order_id));
  const allChosen = items.length > 0 && chosen.length === items.length;

  async function act(targets: ReviewItem[], kind: 'accept' | 'reject'): Promise<boolean> {
    const orderIds = targets.map((t) => t.order_id);
    setBusy(new Set(orderIds));
    try {
      const [only] = orderIds;
      const { changed } =
        orderIds.length === 1 && only
          ? await (kind === 'accept' ? acceptOne(only) : rejectOne(only)).unwrap()
          : await (kind === 'accept' ? acceptMany : rejectMany)({ order_ids: orderIds }).unwrap();
      const what = targets.length === 1 && targets[0] ? itemTitle(targets[0]) : purchaseCount(changed);
      showToast('success', kind === 'accept' ? `Accepted ${what}.` : `Rejected ${what}.`);
      setFocusIndex(
        Math.max(
          0,
          items.findIndex((i) => orderIds.includes(i.order_id)),
        ),
      );
      return true;
    } catch (error) {
      showToast(
        'error',
        apiErrorMessage(error, `The purchases could not be ${kind === 'accept' ? 'accepted' : 'rejected'}.`),
      );
      return false;
    } finally {
      setBusy(new Set());
    }
  }

  async function onRestore(item: RejectedItem) {
    setRestoringId(item.id);
    try {
      await restore({ ids: [item.id] }).unwrap();
      showToast(
        'success',
        item.kind === 'email'
          ? 'Restored. The next sync reads this e-mail again.'
          : 'Restored. Upload the file again to read it.',
      );
      heading.current?.focus();
    } catch (error) {
      showToast('error', apiErrorMessage(error, 'It could not be restored. Please try again.'));
    } finally {
      setRestoringId(null);
    }
  }

  function toggle(orderId: string, isOn: boolean) {
    setSelected((s) => {
      const next = new Set(s);
      if (isOn) next.add(orderId);
      else next.delete(orderId);
      return next;
    });
  }

  return (
    <section>
      <PageHeader
        title={`${possessive(name)} Review Inbox`}
        subtitle="Purchases read from your mail and receipts that need a look: check each against its source."
      />
      <h2 ref={heading} tabIndex={-1} className="sr-only">
        {items.length === 0 ? 'Nothing waits for review' : `${purchaseCount(inbox.pending_count)} to review`}
      </h2>
      <p className="mb-4 text-sm text-slate-700">
        {inbox.count_pending_in_totals
          ? 'Purchases waiting here count in your totals.'
          : 'Purchases waiting here are left out of your totals until you accept them.'}{' '}
        <Link to={paths.account} className="font-semibold text-blue-700 underline-offset-4 hover:underline">
          Change this on the Account page
        </Link>
      </p>

      {items.length === 0 ? (
        <EmptyState
          title="Nothing to review"
          text="Purchases read from your mailbox, a PDF or a photo wait here when something in them needs a look."
        />
      ) : (
        <>
          <div
            role="toolbar"
            aria-label="Selected purchases"
            className="z-10 mb-4 flex flex-wrap items-center gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:sticky sm:top-16"
          >
            <label className="flex min-h-11 items-center gap-2 px-1 font-medium text-slate-800">
              <input
                type="checkbox"
                checked={allChosen}
                ref={(el) => {
                  if (el) el.indeterminate = chosen.length > 0 && !allChosen;
                }}
                onChange={(e) => setSelected(new Set(e.target.checked ? items.map((i) => i.order_id) : []))}
                className="size-5 accent-blue-700"
              />
              Select all
            </label>
            <span className="text-sm text-slate-700" aria-live="polite">
              {chosen.length} of {purchaseCount(items.length)} selected
            </span>
            <div className="flex flex-wrap gap-2 sm:ml-auto">
              <ActionButton
                icon="check"
                disabled={chosen.length === 0 || busy.size > 0}
                onClick={() => void act(chosen, 'accept')}
              >
                Accept selected
              </ActionButton>
              <ActionButton
                icon="trash"
                variant="secondary"
                disabled={chosen.length === 0 || busy.size > 0}
                onClick={() => setRejecting(chosen)}
              >
                Reject selected
              </ActionButton>
            </div>
          </div>
          {inbox.pending_count > items.length && (
            <p className="mb-4 text-sm text-slate-700">
              Showing the oldest {items.length} of {inbox.pending_count}; the rest appear as you go.
            </p>
          )}
          <ul ref={list} className="space-y-4" aria-label="Purchases to review">
            {items.map((item) => (
              <ReviewItemCard
                key={item.order_id}
                item={item}
                isSelected={selected.has(item.order_id)}
                onSelect={(isOn) => toggle(item.order_id, isOn)}
                onAccept={() => void act([item], 'accept')}
                onReject={() => setRejecting([item])}
                onEdit={setEditing}
                isBusy={busy.has(item.order_id)}
              />
            ))}
          </ul>
        </>
      )}

      <RejectedList items={inbox.rejected} onRestore={(i) => void onRestore(i)} restoringId={restoringId} />

      {rejecting && (
        <RejectDialog
          names={rejecting.map(itemTitle)}
          isWorking={busy.size > 0}
          onConfirm={() => void act(rejecting, 'reject').then((ok) => ok && setRejecting(null))}
          onClose={() => setRejecting(null)}
        />
      )}
      {editing && renderEdit(editing, () => setEditing(null))}
    </section>
  );
}
