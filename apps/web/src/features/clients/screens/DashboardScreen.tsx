import { Container, SimpleGrid, Text } from '@mantine/core';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { useClients } from '../api/get-clients.ts';
import { ClientCard } from '../components/ClientCard.tsx';

/** The user menu's Dashboard: a greeting and the user's clients. */
export function DashboardScreen({ name }: { name?: string }) {
  const { data } = useClients();
  const active = (data ?? []).filter((c) => c.IsActive);
  return (
    <Container size="xl" py="xl">
      <PageHeader title={name ? `Welcome back, ${name}` : 'Dashboard'} tabTitle="Dashboard" subtitle="Your active clients at a glance." />
      {data && active.length === 0 && <Text c="dimmed">You have no active clients.</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 4 }} spacing="md">
        {active.map((c) => (
          <ClientCard key={c.Id} client={c} />
        ))}
      </SimpleGrid>
    </Container>
  );
}
