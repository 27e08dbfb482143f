import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { Logo } from '@/components/Logo';

const SOCIAL = [
  {
    name: 'Facebook',
    href: 'https://www.facebook.com/',
    path: 'M14 8h3V4h-3c-2.8 0-4 1.8-4 4.5V11H7v4h3v9h4v-9h3l1-4h-4V9c0-.7.3-1 1-1Z',
  },
  {
    name: 'X',
    href: 'https://x.com/',
    path: 'M4 4h4.5l4 5.6L17.3 4H20l-6.2 7.2L20.5 20H16l-4.3-6-5.2 6H4l6.5-7.5L4 4Z',
  },
  {
    name: 'LinkedIn',
    href: 'https://www.linkedin.com/',
    path: 'M5 9h3v11H5V9Zm1.5-5a1.8 1.8 0 1 1 0 3.6 1.8 1.8 0 0 1 0-3.6ZM10 9h3v1.6c.5-.9 1.7-1.8 3.4-1.8 3 0 3.6 2 3.6 4.6V20h-3v-5.8c0-1.4-.1-2.8-1.8-2.8s-2.2 1.3-2.2 2.7V20h-3V9Z',
  },
];

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-slate-200 bg-white px-4 py-10 sm:px-6">
      <div className="mx-auto flex max-w-6xl flex-col gap-8 md:flex-row md:items-start md:justify-between">
        <div>
          <Logo />
          <p className="mt-3 max-w-xs text-sm text-slate-600">
            Every purchase, receipt and warranty of your household in one place.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-col gap-2 text-sm sm:flex-row sm:gap-6">
            <li>
              <Link to={paths.privacy} className="text-slate-700 underline-offset-4 hover:underline">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to={paths.terms} className="text-slate-700 underline-offset-4 hover:underline">
                Terms of Service
              </Link>
            </li>
            <li>
              <Link to={paths.feedback} className="text-slate-700 underline-offset-4 hover:underline">
                Contact
              </Link>
            </li>
          </ul>
        </nav>
        <ul className="flex gap-3">
          {SOCIAL.map((network) => (
            <li key={network.name}>
              <a
                href={network.href}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex size-10 items-center justify-center rounded-full bg-slate-100 text-slate-700 hover:bg-blue-100 hover:text-blue-800"
              >
                <svg
                  viewBox="0 0 24 24"
                  className="size-5"
                  fill="currentColor"
                  aria-hidden="true"
                  focusable="false"
                >
                  <path d={network.path} />
                </svg>
                <span className="sr-only">Warrantly on {network.name}</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
      <p className="mx-auto mt-8 max-w-6xl border-t border-slate-200 pt-6 text-center text-sm text-slate-600">
        © {year} Warrantly. All rights reserved.
      </p>
    </footer>
  );
}
