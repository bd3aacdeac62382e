// Screens composed from more than one feature (a feature never imports another): the app passes
// the signed-in user and the client's name down as props.
import { Loader } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useUser } from '../features/auth/api/get-user.ts';
import { useSessionToken } from '../features/auth/api/session.ts';
import { AdminScreen, NotAdminScreen } from '../features/auth/screens/AdminScreen.tsx';
import { LoginScreen } from '../features/auth/screens/LoginScreen.tsx';
import { PasswordSetupScreen } from '../features/auth/screens/PasswordSetupScreen.tsx';
import { useClients } from '../features/clients/api/get-clients.ts';
import { ClientDashboardScreen } from '../features/clients/screens/ClientDashboardScreen.tsx';
import { ClientsScreen } from '../features/clients/screens/ClientsScreen.tsx';
import { DashboardScreen } from '../features/clients/screens/DashboardScreen.tsx';
import { ProjectsScreen } from '../features/projects/screens/ProjectsScreen.tsx';
import { HomeScreen } from '../features/public-site/screens/HomeScreen.tsx';
import { PrivateShell } from './layouts/PrivateShell.tsx';
import { PublicLayout } from './layouts/PublicLayout.tsx';

/** '/' is the public home page, or the client list when a token is stored. */
export function HomeOrClients() {
  const token = useSessionToken();
  if (token)
    return (
      <PrivateShell>
        <ClientsScreen />
      </PrivateShell>
    );
  return (
    <PublicLayout>
      <HomeScreen />
    </PublicLayout>
  );
}

export function UserDashboard() {
  const { data: user } = useUser();
  return <DashboardScreen name={user?.Name} />;
}

const clientDashboardApi = getRouteApi('/_private/client/$clientId/dashboard');
export function ClientDashboardRoute() {
  const { clientId } = clientDashboardApi.useParams();
  const { data: user } = useUser();
  return <ClientDashboardScreen clientId={Number(clientId)} isAdmin={!!user?.IsAdmin} />;
}

const projectsApi = getRouteApi('/_private/client/$clientId/projects');
export function ProjectsRoute() {
  const clientId = Number(projectsApi.useParams().clientId);
  const { data: user } = useUser();
  const { data: clients } = useClients();
  return <ProjectsScreen clientId={clientId} clientName={clients?.find((c) => c.Id === clientId)?.Name} isAdmin={!!user?.IsAdmin} />;
}

const passwordSetupApi = getRouteApi('/_auth/password-setup/$contactId');
export function PasswordSetupRoute() {
  const { contactId } = passwordSetupApi.useParams();
  const { token } = passwordSetupApi.useSearch();
  return <PasswordSetupScreen contactId={Number(contactId)} token={token} />;
}

/**
 * The admin screen needs an admin's session: without a session it shows the login screen in place,
 * to a signed-in user who is not an admin it says the screen is not theirs (the server refuses its
 * calls anyway), and nothing is shown until the user is known.
 */
export function AdminRoute() {
  const token = useSessionToken();
  const user = useUser();
  if (!token || user.isError) return <LoginScreen />;
  if (!user.data) return <Loader aria-label="Loading" />;
  return user.data.IsAdmin ? <AdminScreen /> : <NotAdminScreen email={user.data.Email} acting={user.data.ActingAdminId != null} />;
}
