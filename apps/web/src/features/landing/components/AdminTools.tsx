import { Icon, type IconName } from '@/components/Icon';

// Marketing copy only: the product enforces no admin or QA role.
const TOOLS: { title: string; text: string; icon: IconName }[] = [
  { title: 'User Management', text: 'Accounts, usage logs and activity.', icon: 'users' },
  {
    title: 'Analytics & Reports',
    text: 'Engagement, parser success rates and platform metrics.',
    icon: 'chart',
  },
  {
    title: 'System Configuration',
    text: 'Integrations, data retention and access controls.',
    icon: 'settings',
  },
  { title: 'Debug Logs', text: 'Follow what happened, request by request.', icon: 'bug' },
  {
    title: 'Test Modules',
    text: 'Email parsing, notifications and upload handling.',
    icon: 'beaker',
  },
  { title: 'Data Oversight', text: 'Validating parsed data accuracy.', icon: 'database' },
];

export function AdminTools() {
  return (
    <section id="admin-tools" aria-labelledby="admin-title" className="bg-slate-900 px-4 py-14 sm:px-6">
      <div className="mx-auto max-w-6xl">
        <h2 id="admin-title" className="text-center text-3xl font-bold text-white">
          Admin &amp; QA Tools
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-300">
          For administrators and QA staff who keep the platform healthy.
        </p>
        <ul className="mt-10 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {TOOLS.map((tool) => (
            <li key={tool.title} className="rounded-xl border border-slate-700 bg-slate-800 p-6">
              <span className="inline-flex rounded-lg bg-slate-700 p-3 text-blue-200">
                <Icon name={tool.icon} className="size-6" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-white">{tool.title}</h3>
              <p className="mt-2 text-slate-300">{tool.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
