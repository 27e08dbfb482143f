import { Link } from 'react-router';
import { Icon } from './Icon';

export function BackLink({ to, label = 'Back' }: { to: string; label?: string }) {
  return (
    <Link
      to={to}
      className="inline-flex min-h-11 items-center gap-2 rounded-lg px-2 font-medium text-blue-700 hover:bg-blue-50"
    >
      <Icon name="arrowLeft" />
      {label}
    </Link>
  );
}
