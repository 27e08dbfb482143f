/** Told on arrival after the user deleted their account (in this tab or another of the browser). */
export function AccountDeletedNotice() {
  return (
    <div role="status" className="border-b border-green-200 bg-green-50 px-4 py-3 sm:px-6">
      <p className="mx-auto max-w-6xl text-sm text-green-900">
        <span className="font-semibold">Your account was deleted.</span> Warrantly no longer keeps your
        purchases, receipts or reminders, and this browser is signed out.
      </p>
    </div>
  );
}
