/** The common error state of a page whose data failed to load (SPEC section 8). */
export function ErrorScreen() {
  return (
    <div
      role="alert"
      className="mx-auto my-10 max-w-md rounded-2xl border border-red-200 bg-white p-8 text-center"
    >
      <h2 className="text-2xl font-bold text-slate-900">Oops! Something went wrong</h2>
      <p className="mt-3 text-slate-700">Failed to load data. Please try again.</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-6 inline-flex min-h-11 items-center rounded-xl bg-blue-700 px-6 font-semibold text-white hover:bg-blue-800"
      >
        Reload Page
      </button>
    </div>
  );
}
