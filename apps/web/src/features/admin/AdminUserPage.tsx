import { PageHeader } from '@/components/PageHeader';
import { ScrollRegion } from '@/components/ScrollRegion';
import { TableHead } from '@/components/TableHead';

// The seed's sample rows: the spec shows this table with hard-coded users and no data behind it.
const SAMPLE_USERS = [
  { name: 'Sample User One', email: 'user.one@example.com' },
  { name: 'Sample User Two', email: 'user.two@example.com' },
  { name: 'Sample User Three', email: 'user.three@example.com' },
];

/** /dashboard/adminuser: behind the same guard as every dashboard page; no admin role is enforced. */
export function AdminUserPage() {
  return (
    <section>
      <PageHeader title="User Management" subtitle="Sample accounts; no admin role is enforced." />
      <ScrollRegion label="Users table">
        <table className="w-full min-w-[32rem] text-left text-sm">
          <TableHead headers={['Name', 'Email']} hasActions />
          <tbody className="divide-y divide-slate-100">
            {SAMPLE_USERS.map((u) => (
              <tr key={u.email}>
                <td className="px-4 py-3 font-medium text-slate-900">{u.name}</td>
                <td className="px-4 py-3 text-slate-700">{u.email}</td>
                <td className="px-4 py-3 text-right text-slate-500">None available</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
