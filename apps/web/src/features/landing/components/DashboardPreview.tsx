import { Icon, type IconName } from '@/components/Icon';

// Demo numbers for the marketing preview; they are not read from anyone's data.
const CARDS: { label: string; value: string; icon: IconName; tint: string }[] = [
  { label: 'Active Warranties', value: '24', icon: 'shield', tint: 'bg-green-100 text-green-800' },
  { label: 'Reminders', value: '6', icon: 'bell', tint: 'bg-amber-100 text-amber-800' },
  { label: 'Total Purchase', value: '58', icon: 'cart', tint: 'bg-blue-100 text-blue-800' },
  { label: 'Total Value', value: '$12,480', icon: 'dollar', tint: 'bg-violet-100 text-violet-800' },
];

export function DashboardPreview() {
  return (
    <section id="preview" aria-labelledby="preview-title" className="px-4 py-12 sm:px-6">
      <div className="mx-auto max-w-6xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h2 id="preview-title" className="text-xl font-bold text-slate-900">
          Your dashboard at a glance
        </h2>
        <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {CARDS.map((card) => (
            <li key={card.label} className="flex items-center gap-4 rounded-xl border border-slate-200 p-4">
              <span className={`rounded-lg p-3 ${card.tint}`}>
                <Icon name={card.icon} className="size-6" />
              </span>
              <span>
                <span className="block text-sm text-slate-600">{card.label}</span>
                <span className="block text-2xl font-bold text-slate-900">{card.value}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
