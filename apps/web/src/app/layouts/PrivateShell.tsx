// The frame of every signed-in screen: the header (bell, user menu), the side menu drawer, and /login when the user fails to load.
import { DEFAULT_TIME_ZONE } from '@listening/contract';
import { AppShell, Anchor, Burger, Drawer, Group, NavLink, Stack, Tooltip } from '@mantine/core';
import { IconBell, IconBuilding, IconLayoutDashboard, IconMessage, IconSchool, IconShieldLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useMatches, useNavigate, useParams } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { clearToken } from '../../api/client.ts';
import { useSessionToken } from '../../features/auth/api/session.ts';
import { useUser } from '../../features/auth/api/get-user.ts';
import { ActAsBanner } from '../../features/auth/components/ActAsBanner.tsx';
import { InvitationsBanner } from '../../features/auth/components/InvitationsBanner.tsx';
import { UserMenu } from '../../features/auth/components/UserMenu.tsx';
import { LoginScreen } from '../../features/auth/screens/LoginScreen.tsx';
import { useClients } from '../../features/clients/api/get-clients.ts';
import { HelpForThisScreen } from '../../features/mentor/components/HelpForThisScreen.tsx';
import { NotificationBell } from '../../features/notifications/components/NotificationBell.tsx';
import { ContactUsTrigger } from '../../features/public-site/components/ContactModal.tsx';
import { Brand } from '../../ui/Brand.tsx';
import { DemoLoadingBanner } from '../../ui/DemoLoadingBanner.tsx';
import { SideNavContext } from '../../ui/side-nav.tsx';
import { TimeZoneContext } from '../../ui/time.ts';
import { TimeZoneNote } from '../../ui/TimeZoneNote.tsx';
import { AuthLayout } from './AuthLayout.tsx';

function DefaultSideMenu({ isAdmin, onNavigate }: { isAdmin: boolean; onNavigate: () => void }) {
  return (
    <Stack gap={2}>
      <NavLink component={Link} to="/clients" label="Clients" leftSection={<IconBuilding size={18} />} onClick={onNavigate} activeOptions={{ exact: true }} />
      <NavLink component={Link} to="/dashboard" label="Dashboard" leftSection={<IconLayoutDashboard size={18} />} onClick={onNavigate} />
      <NavLink component={Link} to="/contact/notifications" label="Notification Management" leftSection={<IconBell size={18} />} onClick={onNavigate} />
      <NavLink component={Link} to="/mentor" label="Tutorials" leftSection={<IconSchool size={18} />} onClick={onNavigate} />
      {isAdmin && <NavLink component={Link} to="/admin" label="Admin" leftSection={<IconShieldLock size={18} />} onClick={onNavigate} />}
      <ContactUsTrigger render={(open) => <NavLink component="button" label="Contact us" leftSection={<IconMessage size={18} />} onClick={open} />} />
    </Stack>
  );
}

/**
 * The current user failed to load, whatever the error (a 500, a dropped connection, not only a
 * 401): the session is unusable, so it is dropped and the user goes to /login.
 */
function useLeaveWhenUserFails(failed: boolean): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    if (!failed) return;
    clearToken();
    queryClient.clear();
    void navigate({ to: '/login' });
  }, [failed, queryClient, navigate]);
}

/**
 * The private header: side-nav toggle, the bell and the user menu; the screen below.
 * A route whose screen has no side nav in the route table says so with staticData.sideNav.
 */
function Shell({ children }: { children?: ReactNode }) {
  const { data: user, isError } = useUser();
  const { data: clients } = useClients(!!user);
  const withSideNav = useMatches({ select: (matches) => matches.every((match) => match.staticData.sideNav !== false) });
  useLeaveWhenUserFails(isError);
  const [opened, setOpened] = useState(false);
  const [menu, setMenuState] = useState<ReactNode | null>(null);
  const close = useCallback(() => setOpened(false), []);
  const toggle = useCallback(() => setOpened((o) => !o), []);
  const setMenu = useCallback((m: ReactNode | null) => setMenuState(m), []);
  const sideNav = useMemo(() => ({ opened, toggle, close, setMenu }), [opened, toggle, close, setMenu]);

  return (
    <SideNavContext.Provider value={sideNav}>
      <AppShell header={{ height: 60 }} padding={0}>
        <AppShell.Header px="md" style={{ boxShadow: '0 1px 2px rgba(0,0,0,0.04)' }}>
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              {withSideNav && (
                <Tooltip label={opened ? 'Close navigation' : 'Open navigation'} withArrow>
                  <Burger opened={opened} onClick={toggle} size="sm" aria-label="Toggle side navigation" />
                </Tooltip>
              )}
              <Anchor component={Link} to="/clients" underline="never" c="inherit" aria-label="Clients">
                <Brand size="sm" />
              </Anchor>
            </Group>
            <Group gap="md" wrap="nowrap">
              <HelpForThisScreen />
              <NotificationBell />
              <UserMenu showClients={(clients?.length ?? 0) > 1} />
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Main>
          <DemoLoadingBanner />
          <ActAsBanner />
          <InvitationsBanner />
          <TimeZoneNote />
          {children ?? <Outlet />}
        </AppShell.Main>
      </AppShell>
      {withSideNav && (
        <Drawer opened={opened} onClose={close} size={290} title={<Brand size="sm" />} padding="md" aria-label="Side navigation">
          {menu ?? <DefaultSideMenu isAdmin={!!user?.IsAdmin} onNavigate={close} />}
        </Drawer>
      )}
    </SideNavContext.Provider>
  );
}

/**
 * One clock for every screen of the shell: the time zone of the client the address names (a
 * project's screens included), else the signed-in user's own client's.
 */
function ClientClock({ children }: { children: ReactNode }) {
  const { data: user } = useUser();
  const { data: clients } = useClients(!!user);
  const { clientId } = useParams({ strict: false });
  const timeZone = clients?.find((c) => String(c.Id) === clientId)?.TimeZone ?? user?.TimeZone ?? DEFAULT_TIME_ZONE;
  return <TimeZoneContext.Provider value={timeZone}>{children}</TimeZoneContext.Provider>;
}

export function PrivateShell({ children }: { children?: ReactNode }) {
  return (
    <ClientClock>
      <Shell>{children}</Shell>
    </ClientClock>
  );
}

/** Pages that need a session: the shell, or the login screen in place when no token is stored. */
export function PrivateLayout({ children }: { children?: ReactNode }) {
  const token = useSessionToken();
  if (!token)
    return (
      <AuthLayout>
        <LoginScreen />
      </AuthLayout>
    );
  return <PrivateShell>{children}</PrivateShell>;
}
