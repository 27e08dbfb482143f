/** The loading state of a page or section; `label` is what a screen reader announces. */
export function Spinner({ label = 'Loading', fullScreen = false }: { label?: string; fullScreen?: boolean }) {
  return (
    <div
      role="status"
      className={`flex items-center justify-center gap-3 p-8 text-slate-700 ${fullScreen ? 'min-h-screen' : ''}`}
    >
      <span
        className="size-8 animate-spin rounded-full border-4 border-blue-200 border-t-blue-700"
        aria-hidden="true"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
