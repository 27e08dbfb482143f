import { Outlet } from 'react-router';
import { SandboxBanner } from '@/components/SandboxBanner';

export function RootLayout() {
  return (
    <>
      <Outlet />
      <SandboxBanner />
    </>
  );
}
