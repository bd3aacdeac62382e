import { Tooltip } from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandTiktok,
  IconBrandX,
  IconBrandYoutube,
  IconRss,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';
import { BLOG_STREAM, STREAM_COLORS, STREAM_NAMES, type StreamId } from '@listening/contract';

const ICONS: Record<number, Icon> = {
  7: IconBrandX,
  8: IconBrandFacebook,
  9: IconBrandInstagram,
  10: IconBrandYoutube,
  11: IconBrandLinkedin,
  12: IconBrandTiktok,
  [BLOG_STREAM]: IconRss,
};

export function streamName(id: number): string {
  if (id === BLOG_STREAM) return 'Blogs';
  return STREAM_NAMES[id as StreamId] ?? `Stream ${id}`;
}

/** One social network's icon in its colour, named for screen readers and on hover (`label`, else the network's name). */
export function StreamIcon({ streamId, size = 18, label }: { streamId: number; size?: number; label?: string }) {
  const IconOf = ICONS[streamId] ?? IconWorld;
  const name = label ?? streamName(streamId);
  return (
    <Tooltip label={name} withArrow openDelay={300}>
      <IconOf size={size} stroke={1.7} color={STREAM_COLORS[streamId as StreamId] ?? '#495057'} role="img" aria-label={name} />
    </Tooltip>
  );
}

/** Stream ids of a comma list as the specification stores them ("7,8,9"). */
export function parseStreamList(list: string | null | undefined): number[] {
  if (!list) return [];
  return [
    ...new Set(
      list
        .split(',')
        .map((s) => Number(s.trim()))
        .filter((n) => Number.isInteger(n) && n > 0),
    ),
  ];
}
