import { Link } from 'react-router';
import { Icon } from '@/components/Icon';
import { IconButton } from '@/components/IconButton';
import { useAppSelector } from '../hooks';
import { paths } from '../paths';

interface Props {
  isCollapsed: boolean;
  onToggleCollapse: () => void;
  onOpenMenu: () => void;
}

function initialsOf(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

/** The user's name, e-mail and the label 'user' (the only role the spec shows). */
export function TopBar({ isCollapsed, onToggleCollapse, onOpenMenu }: Props) {
  const user = useAppSelector((s) => s.auth.user);
  const name = user?.name || user?.email || '';
  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-200 bg-white px-3 sm:px-6">
      <IconButton icon="menu" label="Open menu" layout="inline-flex lg:hidden" onClick={onOpenMenu} />
      <IconButton
        icon="menu"
        label={isCollapsed ? 'Expand sidebar' : 'Collapse sidebar'}
        layout="hidden lg:inline-flex"
        aria-expanded={!isCollapsed}
        onClick={onToggleCollapse}
      />
      <div className="ml-auto flex min-w-0 items-center gap-3">
        <div className="min-w-0 text-right">
          <p className="truncate text-sm font-semibold text-slate-900">{name}</p>
          <p className="truncate text-xs text-slate-600">{user?.email}</p>
        </div>
        <span className="shrink-0 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-700">
          user
        </span>
        <span
          aria-hidden="true"
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-blue-700 font-semibold text-white"
        >
          {initialsOf(name)}
        </span>
        <Link
          to={paths.account}
          className="inline-flex min-h-10 shrink-0 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-slate-700 hover:bg-slate-100"
        >
          <Icon name="settings" />
          <span className="max-sm:sr-only">Account</span>
        </Link>
      </div>
    </header>
  );
}
