// Sort Bins and Input Bins (the project side menu): the project's bins of one kind as a tree with
// their rules and their posts over the Filter's range and streams (the dashboard tree's counts);
// create, rename, delete, edit rules, and for input bins add posts by hand or from a CSV file.
// Locked products stay locked (the menu's own rule); an In-Active client's bins are shown read-only.
import { Alert, Badge, Box, Button, Code, Container, Group, Menu, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconFileUpload, IconFilter, IconFolder, IconFolderPlus, IconInbox, IconLock, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { BIN_TYPE, RULE_KIND_LABELS, SUB_BIN_DEPTH_MAX, lockedProduct, type ProductKey, type RuleKind, type SubBin } from '@listening/contract';
import { useMemo, useState } from 'react';
import { ProductDialog } from '../../../project/components/ProductDialog.tsx';
import { useProjectContext } from '../../../project/context.ts';
import { streamsOfProject } from '../../../project/filter.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { streamName } from '../../../ui/StreamIcon.tsx';
import { useSubBins } from '../api/list-sub-bins.ts';
import { AddPostModal } from '../components/AddPostModal.tsx';
import { BinFormModal, type BinForm } from '../components/BinFormModal.tsx';
import { DeleteBinModal } from '../components/DeleteBinModal.tsx';
import { RulesModal } from '../components/RulesModal.tsx';
import { UploadCsvModal } from '../components/UploadCsvModal.tsx';
import { INPUT_BINS, SORT_BINS, type BinKind } from '../kinds.ts';
import { ActionsMenu } from '../../../ui/ActionsMenu.tsx';

export const SortBinsScreen = () => <SubBinsScreen kind={SORT_BINS} />;
export const InputBinsScreen = () => <SubBinsScreen kind={INPUT_BINS} />;

/** Bins inside a bin (its descendants): the list is parents-first, so they follow it while deeper. */
function insideCount(bins: readonly SubBin[], bin: SubBin): number {
  const at = bins.indexOf(bin);
  let n = 0;
  for (let i = at + 1; i < bins.length && bins[i].Depth > bin.Depth; i++) n++;
  return n;
}

type Dialog = { kind: 'rules' | 'delete' | 'post' | 'upload'; bin: SubBin } | null;

function SubBinsScreen({ kind }: { kind: BinKind }) {
  const { project, params, ownedCodes } = useProjectContext();
  const locked = lockedProduct(kind.product, project.ProjectTypeId, ownedCodes);
  // Counted over the Filter's range and streams, as the dashboard's sort-bin tree counts them.
  const bins = useSubBins(project.Id, params, kind.binTypeId, !locked);
  const streams = useMemo(() => streamsOfProject(project), [project]);
  const [form, setForm] = useState<BinForm | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [product, setProduct] = useState<ProductKey | null>(null);
  const list = bins.data?.Bins ?? [];
  const canEdit = bins.data?.CanEdit ?? false;
  const close = () => setDialog(null);

  return (
    <Container size="lg" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <PageHeader
        title={kind.title}
        subtitle={kind.about}
        actions={
          !locked && (
            <Button leftSection={<IconFolderPlus size={16} />} disabled={!canEdit} onClick={() => setForm({ mode: 'create', parentId: null })}>
              New {kind.one}
            </Button>
          )
        }
      />
      {locked ? (
        <Paper withBorder radius="md" p="lg">
          <EmptyState title={`${kind.title} is a locked product for this project`} icon={<IconLock size={26} />}>
            <Button mt="sm" variant="light" onClick={() => setProduct(locked)}>
              See the product
            </Button>
          </EmptyState>
        </Paper>
      ) : bins.isPending ? (
        <Stack gap="xs">
          <Skeleton h={56} />
          <Skeleton h={56} />
        </Stack>
      ) : bins.isError ? (
        <Alert color="red" variant="light" title={`The ${kind.one}s could not be loaded`}>
          {bins.error.message}
        </Alert>
      ) : (
        <Stack gap="sm">
          {bins.data.ReadOnlyReason && (
            <Alert color="yellow" variant="light" icon={<IconLock size={16} />}>
              {bins.data.ReadOnlyReason}
            </Alert>
          )}
          {list.length === 0 ? (
            <Paper withBorder radius="md" p="lg">
              <EmptyState title={`No ${kind.one}s yet`}>
                {kind.binTypeId === BIN_TYPE.InputBin
                  ? 'Create an input bin, then add posts to it by hand or from a CSV file.'
                  : 'Create a sort bin and give it rules: new posts that meet them are filed in it.'}
              </EmptyState>
            </Paper>
          ) : (
            <Paper withBorder radius="md" data-testid="sub-bin-list">
              {list.map((bin, i) => (
                <BinRow
                  key={bin.Id}
                  bin={bin}
                  first={i === 0}
                  kind={kind}
                  canEdit={canEdit}
                  onAction={(action) =>
                    action === 'rename'
                      ? setForm({ mode: 'rename', bin })
                      : action === 'child'
                        ? setForm({ mode: 'create', parentId: bin.Id })
                        : setDialog({ kind: action, bin })
                  }
                />
              ))}
            </Paper>
          )}
        </Stack>
      )}
      <BinFormModal form={form} kind={kind} projectId={project.Id} bins={list} streams={streams} onClose={() => setForm(null)} />
      <RulesModal bin={dialog?.kind === 'rules' ? dialog.bin : null} streams={streams} onClose={close} />
      <DeleteBinModal
        bin={dialog?.kind === 'delete' ? dialog.bin : null}
        inside={dialog?.kind === 'delete' ? insideCount(list, dialog.bin) : 0}
        onClose={close}
      />
      <AddPostModal bin={dialog?.kind === 'post' ? dialog.bin : null} streams={streams} onClose={close} />
      <UploadCsvModal bin={dialog?.kind === 'upload' ? dialog.bin : null} onClose={close} />
      <ProductDialog product={product} onClose={() => setProduct(null)} />
    </Container>
  );
}

type Action = 'rename' | 'child' | 'rules' | 'delete' | 'post' | 'upload';

function BinRow({ bin, first, kind, canEdit, onAction }: { bin: SubBin; first: boolean; kind: BinKind; canEdit: boolean; onAction: (a: Action) => void }) {
  const input = kind.binTypeId === BIN_TYPE.InputBin;
  return (
    <Box px="md" py="sm" style={{ borderTop: first ? undefined : '1px solid var(--mantine-color-gray-2)' }} data-testid="sub-bin" data-name={bin.Name}>
      <Group gap="sm" wrap="nowrap" align="flex-start" pl={{ base: (bin.Depth - 1) * 14, sm: (bin.Depth - 1) * 28 }}>
        {input ? (
          <IconInbox size={18} color="var(--mantine-color-grape-6)" style={{ marginTop: 2, flex: 'none' }} />
        ) : (
          <IconFolder size={18} color="var(--mantine-color-blue-6)" style={{ marginTop: 2, flex: 'none' }} />
        )}
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} size="sm" style={{ wordBreak: 'break-word' }}>
              {bin.Name}
            </Text>
            <Badge size="sm" variant="default" style={{ fontVariantNumeric: 'tabular-nums' }} title="Posts in the bin over the Filter's range and streams">
              {bin.ClipCount.toLocaleString('en-US')} {bin.ClipCount === 1 ? 'post' : 'posts'}
            </Badge>
          </Group>
          {bin.Rules.length > 0 ? (
            <Stack gap={2} mt={4}>
              {bin.Rules.map((r) => (
                <Text key={r.Id} size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
                  {RULE_KIND_LABELS[r.Kind as RuleKind] ?? r.Kind}
                  {r.StreamId !== null ? ` on ${streamName(r.StreamId)}` : ''}: <Code fz="xs">{r.Expression}</Code>
                </Text>
              ))}
            </Stack>
          ) : (
            <Text size="xs" c="dimmed" mt={2}>
              {input ? 'No rules: filled by hand' : 'No rules yet: it collects nothing'}
            </Text>
          )}
        </Box>
        {input && canEdit && (
          <Group gap={6} wrap="nowrap" visibleFrom="sm">
            <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => onAction('post')}>
              Add post
            </Button>
            <Button size="xs" variant="light" leftSection={<IconFileUpload size={14} />} onClick={() => onAction('upload')}>
              Upload CSV
            </Button>
          </Group>
        )}
        {canEdit && (
          <ActionsMenu label={`Actions of ${bin.Name}`}>
            {input && (
              <Menu.Item leftSection={<IconPlus size={14} />} onClick={() => onAction('post')} hiddenFrom="sm">
                Add post
              </Menu.Item>
            )}
            {input && (
              <Menu.Item leftSection={<IconFileUpload size={14} />} onClick={() => onAction('upload')} hiddenFrom="sm">
                Upload CSV
              </Menu.Item>
            )}
            <Menu.Item leftSection={<IconFilter size={14} />} onClick={() => onAction('rules')}>
              Edit rules
            </Menu.Item>
            <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => onAction('rename')}>
              Rename
            </Menu.Item>
            {bin.Depth < SUB_BIN_DEPTH_MAX && (
              <Menu.Item leftSection={<IconFolderPlus size={14} />} onClick={() => onAction('child')}>
                New {kind.one} inside
              </Menu.Item>
            )}
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => onAction('delete')}>
              Delete
            </Menu.Item>
          </ActionsMenu>
        )}
      </Group>
    </Box>
  );
}
