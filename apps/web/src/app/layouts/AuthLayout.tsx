import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** Login, forgot password, password setup and admin: no header. */
export function AuthLayout({ children }: { children?: ReactNode }) {
  return <main className="auth-backdrop">{children ?? <Outlet />}</main>;
}
