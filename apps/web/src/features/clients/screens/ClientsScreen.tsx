import { Alert, Container, Group, Pagination, SimpleGrid, Text } from '@mantine/core';
import { clientPageSize } from '@listening/contract';
import { useState } from 'react';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { SearchField } from '../../../ui/SearchField.tsx';
import { useClients } from '../api/get-clients.ts';
import { filterClients, pageOf } from '../client-search.ts';
import { ClientCard } from '../components/ClientCard.tsx';
import { useWindowWidth } from '../use-window-width.ts';
import { listCount } from '../../../ui/count.ts';
import { CARD_GRID_COLS, CardGridSkeleton } from '../../../ui/CardGridSkeleton.tsx';

/** The client list: a card per client, search by name or id, paged by window width. */
export function ClientsScreen() {
  const { data, isPending, isError } = useClients();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const pageSize = clientPageSize(useWindowWidth());
  const matches = filterClients(data ?? [], search);
  const current = pageOf(matches, page, pageSize);

  return (
    <Container size="xl" py="xl">
      <PageHeader
        title="Clients"
        subtitle={data ? listCount('client', matches.length, data.length, search.trim() !== '') : ' '}
        actions={
          <SearchField
            label="Search clients"
            placeholder="Search by name or id"
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPage(1);
            }}
            width={300}
          />
        }
      />
      {isError && <Alert color="red">The clients could not be loaded.</Alert>}
      {isPending && <CardGridSkeleton height={124} />}
      {data && matches.length === 0 && (
        <EmptyState title={search ? 'No client matches your search' : 'No clients yet'}>
          {search ? `Nothing found for "${search.trim()}". Try part of the name or the client id.` : 'You are not a member of any client.'}
        </EmptyState>
      )}
      {current.items.length > 0 && (
        <SimpleGrid cols={CARD_GRID_COLS} spacing="md">
          {current.items.map((client) => (
            <ClientCard key={client.Id} client={client} />
          ))}
        </SimpleGrid>
      )}
      {current.pages > 1 && (
        <Group justify="space-between" mt="xl">
          <Text size="sm" c="dimmed">
            Showing {(current.page - 1) * pageSize + 1}–{(current.page - 1) * pageSize + current.items.length} of {matches.length}
          </Text>
          <Pagination total={current.pages} value={current.page} onChange={setPage} aria-label="Client pages" />
        </Group>
      )}
    </Container>
  );
}
