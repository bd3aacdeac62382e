// The clip tray: a slide-in 'Posts' panel over the project's screens. It lists the posts of its
// scope 10 at a time (posts that arrive meanwhile wait behind 'N new posts'), with the controls to
// select, rate, reject, restore and export them; what they do lives in use-clip-tray-panel.ts, and
// this file only draws it.
import { ActionIcon, Button, Checkbox, Drawer, Group, Menu, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowsMaximize,
  IconArrowsMinimize,
  IconCopy,
  IconDownload,
  IconLayoutGrid,
  IconLayoutList,
  IconMoodSmile,
  IconSchool,
  IconTrash,
} from '@tabler/icons-react';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { ClipCard } from './components/ClipCard.tsx';
import { DuplicatesModal } from './components/DuplicatesModal.tsx';
import { NewPostsButton, SelectionNotice } from './components/SelectionNotice.tsx';
import { TeachSentiment } from './components/TeachSentiment.tsx';
import { postCount as plural } from './opens-posts.ts';
import { RATINGS, useClipTrayPanel, type TrayLayout, type TrayView } from './use-clip-tray-panel.ts';
import { NextPageButton } from '../../ui/NextPageButton.tsx';

export function ClipTray() {
  const t = useClipTrayPanel();
  const { scope, total, showRejected, rows, clips, selected, allMatching, allSelected, matchingCount, expanded } = t;

  return (
    <>
      <Drawer
        opened={!!scope}
        onClose={t.onClose}
        position="right"
        size={expanded ? '94%' : 'lg'}
        padding="md"
        title={
          <div>
            <Text fw={700} size="lg">
              Posts
            </Text>
            {scope?.label && (
              <Text size="xs" c="dimmed" data-testid="tray-scope">
                {scope.label}
              </Text>
            )}
            {total !== undefined && (
              <Text size="xs" c="dimmed" data-testid="tray-total">
                {showRejected ? `${plural(total)} rejected` : plural(total)}
              </Text>
            )}
          </div>
        }
        aria-label="Posts"
        styles={{ body: { paddingTop: 0 } }}
      >
        <Stack gap="sm" ref={t.top}>
          {/* The controls, the selection and 'N new posts' stay in view while the list scrolls. */}
          <Stack
            gap={6}
            py="xs"
            style={{ position: 'sticky', top: 60, background: 'var(--mantine-color-body)', zIndex: 2, borderBottom: '1px solid var(--mantine-color-gray-2)' }}
          >
            <Group justify="space-between" gap="xs">
              <Group gap="xs">
                <SegmentedControl
                  size="xs"
                  value={t.trayView}
                  onChange={(v) => t.switchView(v as TrayView)}
                  aria-label="Which posts"
                  data={[
                    { value: 'posts', label: 'Posts' },
                    { value: 'rejected', label: 'Rejected' },
                  ]}
                />
                <Checkbox
                  checked={allSelected}
                  indeterminate={selected.length > 0 && !allSelected}
                  onChange={t.toggleAll}
                  label={allMatching ? `All ${plural(matchingCount)} selected` : selected.length ? `${selected.length} selected` : 'Select all'}
                  aria-label="Select all loaded posts"
                  data-testid="select-all"
                />
              </Group>
              <Group gap={6}>
                {showRejected ? (
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconArrowBackUp size={15} />}
                    loading={t.restoring}
                    onClick={() => void t.onRestore().catch(() => {})}
                  >
                    Restore
                  </Button>
                ) : (
                  <>
                    <Menu position="bottom-end" withinPortal shadow="md">
                      <Menu.Target>
                        <Button size="xs" variant="light" leftSection={<IconMoodSmile size={15} />}>
                          Rate
                        </Button>
                      </Menu.Target>
                      <Menu.Dropdown>
                        {RATINGS.map((r) => (
                          <Menu.Item key={r.rating} color={r.color} onClick={() => t.ask({ kind: 'rate', favourabilityId: r.id, rating: r.rating })}>
                            {r.rating}
                          </Menu.Item>
                        ))}
                      </Menu.Dropdown>
                    </Menu>
                    <Button size="xs" variant="light" color="violet" leftSection={<IconSchool size={15} />} onClick={() => t.setTeaching(true)}>
                      Teach sentiment
                    </Button>
                    <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={15} />} onClick={() => t.ask({ kind: 'reject' })}>
                      Irrelevant
                    </Button>
                    <Button size="xs" variant="default" leftSection={<IconDownload size={15} />} loading={t.exporting} onClick={t.onExport}>
                      {t.exportLabel}
                    </Button>
                    {t.isAdmin && (
                      <Button size="xs" variant="default" leftSection={<IconCopy size={15} />} onClick={() => t.setDuplicates(true)}>
                        Identify duplicates
                      </Button>
                    )}
                  </>
                )}
                <SegmentedControl
                  size="xs"
                  value={t.layout}
                  onChange={(v) => t.setLayout(v as TrayLayout)}
                  data={[
                    { value: 'list', label: <IconLayoutList size={15} aria-label="List view" /> },
                    { value: 'grid', label: <IconLayoutGrid size={15} aria-label="Grid view" /> },
                  ]}
                />
                <Tooltip label={expanded ? 'Narrow' : 'Expand'} withArrow>
                  <ActionIcon variant="default" size="md" onClick={t.toggleExpanded} aria-label={expanded ? 'Narrow the tray' : 'Expand the tray'}>
                    {expanded ? <IconArrowsMinimize size={15} /> : <IconArrowsMaximize size={15} />}
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
            <SelectionNotice
              loaded={t.loadedSelected ? rows.length : 0}
              matching={matchingCount}
              allMatching={allMatching}
              onSelectMatching={t.selectMatching}
              onClear={t.clearSelection}
            />
            <NewPostsButton count={t.newPosts} loading={t.loadingNew} onLoad={() => void t.showNew().catch(() => {})} />
          </Stack>
          {clips.isPending ? (
            <Stack gap="sm">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} h={110} radius="md" />
              ))}
            </Stack>
          ) : clips.isError ? (
            <EmptyState title="The posts could not be loaded" />
          ) : rows.length === 0 ? (
            showRejected ? (
              <EmptyState title="No rejected posts">No posts of this selection were rejected.</EmptyState>
            ) : (
              <EmptyState title="No posts">No posts match this selection.</EmptyState>
            )
          ) : (
            <SimpleGrid cols={t.layout === 'grid' ? { base: 1, sm: 2, lg: expanded ? 3 : 2 } : 1} spacing="sm" data-testid="clip-list">
              {rows.map((clip) => (
                <ClipCard key={clip.Id} clip={clip} selected={t.isSelected(clip.Id)} onToggle={() => t.toggle(clip.Id)} compact={t.layout === 'grid'} />
              ))}
            </SimpleGrid>
          )}
          <NextPageButton list={clips} variant="light" py="sm">
            Load More
          </NextPageButton>
        </Stack>
      </Drawer>
      <ConfirmDialog
        message={t.message}
        detail={allMatching ? `This applies to all ${plural(matchingCount)} of this selection, not only the ${rows.length} loaded.` : undefined}
        busy={t.confirming}
        onConfirm={() => void t.confirm().catch(t.cancel)}
        onCancel={t.cancel}
      />
      <DuplicatesModal opened={t.duplicates} onClose={() => t.setDuplicates(false)} query={t.query} />
      <TeachSentiment opened={t.teaching} onClose={() => t.setTeaching(false)} query={t.query} />
    </>
  );
}
