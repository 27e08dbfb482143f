import { NavLink } from 'react-router';
import { Icon, type IconName } from '@/components/Icon';
import { IconButton } from '@/components/IconButton';
import { Logo } from '@/components/Logo';
import { ReviewCountBadge } from '@/features/review/ReviewCountBadge';
import { paths } from '../paths';

const LINKS: { to: string; label: string; icon: IconName; end?: boolean; badge?: boolean }[] = [
  { to: paths.dashboard, label: 'Dashboard', icon: 'home', end: true },
  { to: paths.purchases, label: 'Purchase', icon: 'cart' },
  { to: paths.warranties, label: 'Warranties', icon: 'shield' },
  { to: paths.reminders, label: 'Reminders', icon: 'bell' },
  { to: paths.receipts, label: 'Receipts', icon: 'receipt' },
  { to: paths.replacement, label: 'Replacement', icon: 'wrench' },
  // The seed's six entries stay as they are; the review inbox comes after them, with its count.
  { to: paths.review, label: 'Review', icon: 'inbox', badge: true },
];

interface Props {
  isCollapsed: boolean;
  onNavigate: () => void;
  onLogout: () => void;
  onClose?: () => void;
}

/** The dashboard's navigation; collapsed it shows icons only (16 units wide instead of 64). */
export function Sidebar({ isCollapsed, onNavigate, onLogout, onClose }: Props) {
  return (
    <div className="flex h-full flex-col">
      <div
        className={`flex h-16 items-center border-b border-slate-200 ${isCollapsed ? 'justify-center' : 'justify-between px-4'}`}
      >
        <Logo showWord={!isCollapsed} />
        {onClose && <IconButton icon="close" label="Close menu" onClick={onClose} />}
      </div>
      <nav aria-label="Dashboard" className="flex-1 overflow-y-auto p-2">
        <ul className="space-y-1">
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.end ?? false}
                onClick={onNavigate}
                title={isCollapsed ? link.label : undefined}
                className={({ isActive }) =>
                  `relative flex min-h-11 items-center gap-3 rounded-lg px-3 font-medium ${
                    isCollapsed ? 'justify-center' : ''
                  } ${isActive ? 'bg-blue-700 text-white' : 'text-slate-700 hover:bg-slate-100'}`
                }
              >
                <Icon name={link.icon} />
                <span className={isCollapsed ? 'sr-only' : ''}>{link.label}</span>
                {link.badge && <ReviewCountBadge isCollapsed={isCollapsed} />}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="border-t border-slate-200 p-2">
        <button
          type="button"
          onClick={onLogout}
          title={isCollapsed ? 'Log Out' : undefined}
          className={`flex min-h-11 w-full items-center gap-3 rounded-lg px-3 font-medium text-red-700 hover:bg-red-50 ${
            isCollapsed ? 'justify-center' : ''
          }`}
        >
          <Icon name="logout" />
          <span className={isCollapsed ? 'sr-only' : ''}>Log Out</span>
        </button>
      </div>
    </div>
  );
}
