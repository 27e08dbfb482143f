import { Link } from 'react-router';
import { paths } from '@/app/paths';

/** The 404 page; the dashboard shows it as its error page too. */
export function NotFoundPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 px-4 py-12 text-center">
      <img
        src="/images/not-found.svg"
        alt="Page not found"
        width={400}
        height={260}
        className="w-full max-w-sm"
      />
      <h1 className="text-3xl font-bold text-slate-900">Page not found</h1>
      <p className="max-w-md text-slate-700">The page you are looking for does not exist or has moved.</p>
      <Link
        to={paths.home}
        className="inline-flex min-h-11 items-center rounded-xl bg-blue-700 px-6 font-semibold text-white hover:bg-blue-800"
      >
        Back To Home
      </Link>
    </main>
  );
}
