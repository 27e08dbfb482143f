import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { Logo } from '@/components/Logo';
import { StartLink } from './StartLink';

export function SiteHeader({ isSignedIn }: { isSignedIn: boolean }) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6"
      >
        <Link to={paths.home} aria-label="Home" className="rounded-md">
          <Logo />
        </Link>
        <ul className="hidden items-center gap-6 text-sm font-medium text-slate-700 md:flex">
          <li>
            <a href="#features" className="hover:text-blue-700">
              Features
            </a>
          </li>
          <li>
            <a href="#preview" className="hover:text-blue-700">
              Dashboard
            </a>
          </li>
          <li>
            <a href="#admin-tools" className="hover:text-blue-700">
              Admin tools
            </a>
          </li>
        </ul>
        <StartLink
          isSignedIn={isSignedIn}
          text={{ signedIn: 'Dashboard', signedOut: 'Sign in' }}
          className="rounded-lg px-3 py-2 text-sm font-semibold text-blue-700 hover:bg-blue-50"
        />
      </nav>
    </header>
  );
}
