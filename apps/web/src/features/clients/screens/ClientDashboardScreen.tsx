import { Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAddressBook, IconFolders } from '@tabler/icons-react';
import { AnchorLink, CardLink } from '../../../ui/links.tsx';
import type { ReactNode } from 'react';
import { DEFAULT_TIME_ZONE } from '@listening/contract';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { useClients } from '../api/get-clients.ts';
import { ActiveBadge } from '../components/ClientCard.tsx';
import { RetentionCard } from '../components/RetentionCard.tsx';

function TileContent({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <Stack gap="sm" align="flex-start">
      <ThemeIcon size={52} radius="md" variant="light">
        {icon}
      </ThemeIcon>
      <Title order={3} fz="xl">
        {title}
      </Title>
      <Text c="dimmed" size="sm">
        {text}
      </Text>
    </Stack>
  );
}

/** The client dashboard: two tiles, Projects and Contact Management; for administrators, how long its posts are kept. */
export function ClientDashboardScreen({ clientId, isAdmin = false }: { clientId: number; isAdmin?: boolean }) {
  const { data } = useClients();
  const client = data?.find((c) => c.Id === clientId);
  const params = { clientId: String(clientId) };
  return (
    <Container size="lg" py="xl">
      <PageHeader
        above={
          <AnchorLink to="/clients" size="sm">
            ← Clients
          </AnchorLink>
        }
        title={client?.Name ?? `Client ${clientId}`}
        tabTitle={client ? `${client.Name} · Client dashboard` : 'Client dashboard'}
        subtitle={
          client ? (
            <>
              ID {client.Id} · <ActiveBadge active={client.IsActive} />
            </>
          ) : undefined
        }
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <CardLink to="/client/$clientId/projects" params={params} withBorder radius="md" padding="xl" className="hover-card" aria-label="Projects">
          <TileContent icon={<IconFolders size={28} />} title="Projects" text="Monitoring briefs: mentions, sentiment and reach per project." />
        </CardLink>
        <CardLink
          to="/client/$clientId/contact-management"
          params={params}
          withBorder
          radius="md"
          padding="xl"
          className="hover-card"
          aria-label="Contact Management"
        >
          <TileContent
            icon={<IconAddressBook size={28} />}
            title="Contact Management"
            text="The people at this client: who may sign in and who receives alerts."
          />
        </CardLink>
      </SimpleGrid>
      {isAdmin && <RetentionCard clientId={clientId} timeZone={client?.TimeZone ?? DEFAULT_TIME_ZONE} />}
    </Container>
  );
}
