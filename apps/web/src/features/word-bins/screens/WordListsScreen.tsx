// Word Lists (reaction-lists) and the crisis list screen (crisis-lists, crisis-monitoring-lists):
// the groups sidebar, the table of the project's lists of that type (cards on a phone), the Add modal. Gated by the
// Reaction Lists product, as the side menu is (the server refuses too).
import { Alert, Box, Button, Container, Grid, Paper, Skeleton, Stack } from '@mantine/core';
import { IconLock, IconPlus } from '@tabler/icons-react';
import { lockedProduct, type ProductKey } from '@listening/contract';
import { useState } from 'react';
import { ProductDialog } from '../../../project/components/ProductDialog.tsx';
import { useProjectContext } from '../../../project/context.ts';
import { screenTo } from '../../../project/screen-routes.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { ButtonLink } from '../../../ui/links.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { useGroupWordBins, useWordBinGroups, useWordBins } from '../api/word-bins.ts';
import { AddWordBinModal } from '../components/AddWordBinModal.tsx';
import { GroupsSidebar } from '../components/GroupsSidebar.tsx';
import { WordBinCards } from '../components/WordBinCards.tsx';
import { WordBinTable } from '../components/WordBinTable.tsx';
import { CRISIS, REACTION, type WordBinKind } from '../kinds.ts';

export const ReactionListsScreen = () => <WordListsScreen kind={REACTION} />;
export const CrisisListsScreen = () => <WordListsScreen kind={CRISIS} />;

function WordListsScreen({ kind }: { kind: WordBinKind }) {
  const { project, clientId, ownedCodes } = useProjectContext();
  const locked = lockedProduct('ReactionLists', project.ProjectTypeId, ownedCodes);
  const [group, setGroup] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [product, setProduct] = useState<ProductKey | null>(null);
  const bins = useWordBins(clientId, project.Id, kind.typeId, !locked);
  const groups = useWordBinGroups(clientId, !locked);
  const inGroup = useGroupWordBins(locked ? null : group);
  // A group's lists, narrowed to this project and type (a group spans the client's projects).
  const shown = group === null ? bins.data : inGroup.data?.filter((b) => b.ProjectId === project.Id && b.WordBinTypeId === kind.typeId);
  const loading = bins.isPending || (group !== null && inGroup.isPending);

  return (
    <Container size="xl" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <PageHeader
        title={kind.title}
        subtitle={kind.about}
        actions={
          !locked && (
            <>
              <ButtonLink
                variant="subtle"
                to={screenTo(kind.typeId === 2 ? REACTION.lists : CRISIS.lists)}
                params={{ clientId: String(clientId), projectId: String(project.Id) }}
                search={(s) => s}
              >
                {kind.typeId === 2 ? 'Reaction Lists' : 'Crisis Lists'}
              </ButtonLink>
              <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
                {kind.add}
              </Button>
            </>
          )
        }
      />
      {locked ? (
        <Paper withBorder radius="md" p="lg">
          <EmptyState title="Reaction Lists is a locked product for this project" icon={<IconLock size={26} />}>
            <Button mt="sm" variant="light" onClick={() => setProduct(locked)}>
              See the product
            </Button>
          </EmptyState>
        </Paper>
      ) : (
        <Grid gutter="md">
          <Grid.Col span={{ base: 12, md: 3 }}>
            <GroupsSidebar clientId={clientId} groups={groups.data ?? []} selected={group} onSelect={setGroup} canEdit />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            {loading ? (
              <Stack gap="xs">
                <Skeleton h={48} />
                <Skeleton h={48} />
              </Stack>
            ) : bins.isError ? (
              <Alert color="red" variant="light" title="The lists could not be loaded">
                {bins.error.message}
              </Alert>
            ) : !shown || shown.length === 0 ? (
              <Paper withBorder radius="md" p="lg">
                <EmptyState title={kind.empty} />
              </Paper>
            ) : (
              <>
                <Paper withBorder radius="md" visibleFrom="sm">
                  <WordBinTable bins={shown} groups={groups.data ?? []} canEdit />
                </Paper>
                <Box hiddenFrom="sm">
                  <WordBinCards bins={shown} groups={groups.data ?? []} canEdit />
                </Box>
              </>
            )}
          </Grid.Col>
        </Grid>
      )}
      <AddWordBinModal opened={adding} onClose={() => setAdding(false)} kind={kind} clientId={clientId} projectId={project.Id} groupId={group} />
      <ProductDialog product={product} onClose={() => setProduct(null)} />
    </Container>
  );
}
