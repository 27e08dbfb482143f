import { Link } from 'react-router';
import { paths } from '@/app/paths';

interface Props {
  isSignedIn: boolean;
  /** The texts for a signed-in visitor and for a new one. */
  text: { signedIn: string; signedOut: string };
  className: string;
}

/** The landing page's way in: to the dashboard for a signed-in visitor, to sign-in for anyone else. */
export function StartLink({ isSignedIn, text, className }: Props) {
  return (
    <Link to={isSignedIn ? paths.dashboard : paths.login} className={className}>
      {isSignedIn ? text.signedIn : text.signedOut}
    </Link>
  );
}
