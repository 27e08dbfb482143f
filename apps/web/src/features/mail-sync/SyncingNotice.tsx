/** Shown while the mailbox sync runs (SPEC section 2: 'Syncing Purchases'). */
export function SyncingNotice() {
  return (
    <p
      role="status"
      className="mb-4 flex items-center gap-3 rounded-xl border border-blue-200 bg-blue-50 px-4 py-3 font-medium text-blue-900"
    >
      <span
        className="size-5 animate-spin rounded-full border-2 border-blue-300 border-t-blue-800"
        aria-hidden="true"
      />
      Syncing Purchases
    </p>
  );
}
