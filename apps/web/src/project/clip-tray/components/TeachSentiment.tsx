// "Teach sentiment": the posts of the tray's filter whose rating would help the client's own
// sentiment model most (docs/sentiment.md, "A client's own model"), one at a time, rated with one
// key each; with the ratings so far and what the last adaptation changed.
import { Alert, Badge, Button, Group, Kbd, Loader, Modal, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { FAVOURABILITY, type AdaptationSummary } from '@listening/contract';
import { useEffect, useState } from 'react';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { formatTime } from '../../../ui/time.ts';
import { useProjectContext } from '../../context.ts';
import { useRateClips } from '../api/rate-clips.ts';
import { useTeachPosts } from '../api/get-teach-posts.ts';
import type { TrayQuery } from '../tray-query.ts';
import { favourabilityOf } from '../../../ui/PostBadges.tsx';

/** The keys: one per rating, left to right from blame to praise. */
const KEYS = [
  { key: '1', label: 'Negative', id: FAVOURABILITY.Negative, color: 'red' },
  { key: '2', label: 'Neutral', id: FAVOURABILITY.Neutral, color: 'gray' },
  { key: '3', label: 'Positive', id: FAVOURABILITY.Positive, color: 'green' },
] as const;

const count = (n: number) => n.toLocaleString('en-US');
const pct = (x: number) => `${Math.round(x * 100)}%`;

/** What the last adaptation changed, in one sentence ("1,240 posts re-scored; on the client's rated posts held back, 71% -> 78%"). */
export function adaptationSentence(a: AdaptationSummary | null): string {
  if (!a) return "No adaptation yet: this client's posts are scored by the shipped model.";
  if (!a.Used) return `The last adaptation (from ${count(a.Ratings)} ratings) is not used: ${a.Reason}.`;
  const posts = `${count(a.PostsRescored)} post${a.PostsRescored === 1 ? '' : 's'} re-scored${a.Rescored ? '' : ' so far'}`;
  return `${posts}; on the client's rated posts held back, ${pct(a.BaseAccuracy)} -> ${pct(a.AdaptedAccuracy)}`;
}

export function TeachSentiment({ opened, onClose, query }: { opened: boolean; onClose: () => void; query: TrayQuery }) {
  const { project } = useProjectContext();
  const teach = useTeachPosts(query, opened);
  const rate = useRateClips();
  // Posts rated (or skipped) in this round, and how many were rated: a round is one answer of the
  // server (its dataUpdatedAt), so both start again only once the next round has come; cleared when
  // asked, the posts just rated would show (and could be rated) again while the next ones load.
  const [round, setRound] = useState({ at: 0, done: [] as number[], rated: 0 });
  const current = round.at === teach.dataUpdatedAt ? round : { at: teach.dataUpdatedAt, done: [] as number[], rated: 0 };
  const { done, rated } = current;
  const posts = (teach.data?.Posts ?? []).filter((p) => !done.includes(p.BinClipId));
  const post = posts[0];
  const total = teach.data?.Posts.length ?? 0;

  const answer = async (favourabilityId: number | null) => {
    if (!post || rate.isPending) return;
    if (favourabilityId !== null) {
      await rate.mutateAsync({ binClipBaseIds: [post.BinClipId], favourabilityId, projectId: project.Id });
    }
    setRound({ ...current, done: [...done, post.BinClipId], rated: rated + (favourabilityId !== null ? 1 : 0) });
  };
  useEffect(() => {
    if (!opened) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const k = KEYS.find((x) => x.key === e.key);
      if (k) void answer(k.id).catch(() => {});
      else if (e.key === 's' || e.key === 'S') void answer(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  const again = () => void teach.refetch();
  const close = () => {
    setRound({ at: 0, done: [], rated: 0 });
    onClose();
  };
  const ratings = (teach.data?.Ratings ?? 0) + rated;
  const newRatings = (teach.data?.NewRatings ?? 0) + rated;

  return (
    <Modal opened={opened} onClose={close} title={<Text fw={700}>Teach sentiment</Text>} size="lg" aria-label="Teach sentiment">
      <Stack gap="sm">
        {teach.data && (
          <Stack gap={2}>
            <Text size="sm" data-testid="teach-ratings">
              {count(ratings)} rating{ratings === 1 ? '' : 's'} so far; {count(newRatings)} since the last adaptation (the next comes after{' '}
              {count(teach.data.RatingsPerAdaptation)} new ones).
            </Text>
            <Text size="sm" c="dimmed" data-testid="teach-last-adaptation">
              {adaptationSentence(teach.data.LastAdaptation)}
            </Text>
          </Stack>
        )}
        {teach.isPending ? (
          <Loader />
        ) : teach.isError ? (
          <Alert color="red">The posts to rate could not be loaded.</Alert>
        ) : !post ? (
          <EmptyState title={total ? `All ${total} rated` : 'Nothing to ask'}>
            {total ? (
              <Button variant="light" onClick={again} loading={teach.isFetching}>
                Ask for more
              </Button>
            ) : (
              'Every post of this selection is rated.'
            )}
          </EmptyState>
        ) : (
          <>
            <Progress value={(done.length / Math.max(total, 1)) * 100} size="sm" aria-label="Posts rated" />
            <Text size="xs" c="dimmed">
              Post {done.length + 1} of {total}: the model is {pct(post.Certainty)} sure of it.
            </Text>
            <Paper withBorder radius="md" p="sm" data-testid="teach-post" data-bin-clip-id={post.BinClipId}>
              <Group justify="space-between" gap="xs" mb={6} wrap="nowrap">
                <Text fw={600} size="sm" truncate>
                  {post.AuthorName ?? 'Unknown author'}
                </Text>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatTime(post.PostedAt, project.TimeZone)}
                </Text>
              </Group>
              <Text size="sm" style={{ wordBreak: 'break-word' }}>
                {post.Body}
              </Text>
              <Group gap={6} mt={6}>
                <Text size="xs" c="dimmed">
                  Now:
                </Text>
                <Badge size="sm" variant="light" color={favourabilityOf(post.FavourabilityId)?.Color}>
                  {favourabilityOf(post.FavourabilityId)?.Description}
                </Badge>
              </Group>
            </Paper>
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
              {KEYS.map((k) => (
                <Button key={k.key} variant="light" color={k.color} loading={rate.isPending} onClick={() => void answer(k.id).catch(() => {})}>
                  <Kbd mr={6}>{k.key}</Kbd>
                  {k.label}
                </Button>
              ))}
            </SimpleGrid>
            <Group justify="space-between">
              <Text size="xs" c="dimmed">
                One key each: <Kbd>1</Kbd> negative, <Kbd>2</Kbd> neutral, <Kbd>3</Kbd> positive, <Kbd>S</Kbd> skip.
              </Text>
              <Button size="xs" variant="subtle" onClick={() => void answer(null)}>
                Skip
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
