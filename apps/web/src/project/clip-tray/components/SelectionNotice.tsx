import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconArrowUp } from '@tabler/icons-react';
import { RATE_MAX_CLIPS } from '@listening/contract';
import { postCount } from '../opens-posts.ts';

/**
 * Under the tray's controls: once every loaded post is selected, the offer to select every post of
 * the selection (with its count); then what that selection is, and the way back.
 */
export function SelectionNotice({
  loaded,
  matching,
  allMatching,
  onSelectMatching,
  onClear,
}: {
  /** Loaded posts, all selected; 0 when they are not all selected. */
  loaded: number;
  matching: number;
  allMatching: boolean;
  onSelectMatching: () => void;
  onClear: () => void;
}) {
  if (allMatching)
    return (
      <Text size="sm" ta="center" data-testid="select-matching">
        All {postCount(matching)} of this selection are selected
        {matching > RATE_MAX_CLIPS ? ` (at most ${RATE_MAX_CLIPS.toLocaleString('en-US')} can be rated or rejected at once; Export takes them all)` : ''}.{' '}
        <Anchor component="button" size="sm" fw={600} onClick={onClear}>
          Clear selection
        </Anchor>
      </Text>
    );
  if (loaded === 0 || matching <= loaded) return null;
  return (
    <Text size="sm" ta="center" data-testid="select-matching">
      All {postCount(loaded)} loaded are selected.{' '}
      <Anchor component="button" size="sm" fw={600} onClick={onSelectMatching}>
        Select all {postCount(matching)} of this selection
      </Anchor>
    </Text>
  );
}

/** 'N new posts': posts that arrived after the list was read, loaded at its top on request. */
export function NewPostsButton({ count, loading, onLoad }: { count: number; loading: boolean; onLoad: () => void }) {
  if (count === 0) return null;
  return (
    <Group justify="center">
      <Button size="xs" radius="xl" variant="filled" leftSection={<IconArrowUp size={14} />} loading={loading} onClick={onLoad} data-testid="new-posts">
        {count === 1 ? '1 new post' : `${count.toLocaleString('en-US')} new posts`}
      </Button>
    </Group>
  );
}
