// One post as Post Listing shows it, with rating and rejecting.
import { ActionIcon, Anchor, Button, Group, Menu, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconChevronDown, IconExternalLink, IconTrash, IconUsers } from '@tabler/icons-react';
import { FAVOURABILITY_LOOKUP, formatRand, type ListingPost } from '@listening/contract';
import { BrandBadge, FavourabilityBadge } from '../../../ui/PostBadges.tsx';
import { StreamIcon, streamName } from '../../../ui/StreamIcon.tsx';
import { formatTime } from '../../../ui/time.ts';

const reachFormat = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

export interface PostCardProps {
  post: ListingPost;
  timeZone: string;
  busy: boolean;
  onRate: (favourabilityId: number, rating: string) => void;
  onReject: () => void;
}

/** One post of Post Listing: who, where, when (in the client's time zone), what it says, its reach and sentiment, and its actions. */
export function PostCard({ post, timeZone, busy, onRate, onReject }: PostCardProps) {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid="listing-post"
      data-post-id={post.Id}
      data-reach={post.Reach}
      component="article"
      aria-label={`Post by ${post.AuthorName}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
          <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
            <StreamIcon streamId={post.StreamId} size={18} />
            <div style={{ minWidth: 0 }}>
              <Text fw={600} size="sm" truncate>
                {post.AuthorName || 'Unknown author'}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {post.AuthorHandle ? `@${post.AuthorHandle} · ` : ''}
                {streamName(post.StreamId)}
              </Text>
            </div>
          </Group>
          <Text size="xs" c="dimmed" data-testid="post-time" style={{ whiteSpace: 'nowrap' }}>
            <time dateTime={post.DatePosted} title={`${timeZone} time`}>
              {formatTime(post.DatePosted, timeZone)}
            </time>
          </Text>
        </Group>
        <Text size="sm" lineClamp={8} style={{ wordBreak: 'break-word', whiteSpace: 'pre-line' }} data-testid="post-body">
          {post.Body}
        </Text>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap={6} wrap="wrap">
            <FavourabilityBadge id={post.FavourabilityId} testId="post-favourability" />
            <BrandBadge id={post.BrandAssociationId} />
            <Tooltip label="Reach: people who saw the post, as the network counts them" withArrow>
              <Group gap={4} wrap="nowrap" c="dimmed">
                <IconUsers size={14} />
                <Text size="xs" data-testid="post-reach" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {reachFormat.format(post.Reach)} reach
                </Text>
              </Group>
            </Tooltip>
            <Tooltip label="Engagement: likes, comments and shares" withArrow>
              <Text size="xs" c="dimmed" data-testid="post-engagement" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {reachFormat.format(post.Engagement)} engagement
              </Text>
            </Tooltip>
            <Tooltip label="Advertising value equivalent" withArrow>
              <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                AVE {formatRand(post.AVE)}
              </Text>
            </Tooltip>
          </Group>
          <Group gap={6} wrap="nowrap">
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button
                  size="compact-sm"
                  variant="default"
                  rightSection={<IconChevronDown size={14} />}
                  disabled={busy}
                  aria-label={`Rate the post by ${post.AuthorName}`}
                >
                  Rate
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {FAVOURABILITY_LOOKUP.map((f) => (
                  <Menu.Item key={f.Id} onClick={() => onRate(f.Id, f.Description)} disabled={f.Id === post.FavourabilityId} color={f.Color}>
                    {f.Description}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
            <Tooltip label="Reject as Irrelevant" withArrow>
              <ActionIcon variant="default" color="red" size={28} onClick={onReject} disabled={busy} aria-label={`Reject the post by ${post.AuthorName}`}>
                <IconTrash size={15} />
              </ActionIcon>
            </Tooltip>
            {post.Link && (
              <Anchor
                href={post.Link}
                target="_blank"
                rel="noreferrer"
                aria-label={`Open the original post by ${post.AuthorName}`}
                size="xs"
                display="inline-flex"
                style={{ alignItems: 'center', gap: 4 }}
                data-testid="post-original"
              >
                <IconExternalLink size={14} /> Original
              </Anchor>
            )}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
