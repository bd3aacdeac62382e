// The dashboard's favourability card: the posts by rating as a donut, each slice opening its posts.
import { Group, Stack, Text } from '@mantine/core';
import { FAVOURABILITY_LOOKUP } from '@listening/contract';
import { useMemo } from 'react';
import { DonutTotal } from '../../../ui/charts/DonutTotal.tsx';
import { EChart, type EChartOption } from '../../../ui/charts/EChart.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { LockedPanel, useLockedProduct } from '../../../project/components/LockedPanel.tsx';
import { opensPosts } from '../../../project/clip-tray/opens-posts.ts';
import { useClipTray } from '../../../project/clip-tray/tray-state.tsx';
import { useProjectContext } from '../../../project/context.ts';
import { useFavourability } from '../api/get-favourability.ts';
import { QueryState, WidgetCard } from './WidgetCard.tsx';

const TITLE = 'Favourability';
const SUBTITLE = 'Share of posts by rating · click a slice for its posts';

/** Positive, Neutral and Negative posts in the lookup's colours; a slice opens its posts. Sentiment product. */
export function FavourabilityDonut() {
  const locked = useLockedProduct('Sentiment');
  if (locked)
    return (
      <WidgetCard title={TITLE} testId="favourability">
        <LockedPanel product={locked} />
      </WidgetCard>
    );
  return <FavourabilityBody />;
}

function FavourabilityBody() {
  const { params } = useProjectContext();
  const query = useFavourability(params);
  const tray = useClipTray();
  // Always the three lookup entries, in lookup order, whatever the answer lists.
  const slices = useMemo(
    () => FAVOURABILITY_LOOKUP.map((f) => ({ Id: f.Id, name: f.Description, color: f.Color, value: query.data?.find((d) => d.Id === f.Id)?.Count ?? 0 })),
    [query.data],
  );
  const total = slices.reduce((s, x) => s + x.value, 0);

  const option = useMemo<EChartOption>(
    () => ({
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
      series: [
        {
          type: 'pie',
          radius: ['58%', '82%'],
          avoidLabelOverlap: true,
          label: { show: false },
          itemStyle: { borderColor: '#fff', borderWidth: 2 },
          data: slices.map((s) => ({ name: s.name, value: s.value, itemStyle: { color: s.color } })),
        },
      ],
    }),
    [slices],
  );

  return (
    <WidgetCard title={TITLE} subtitle={SUBTITLE} testId="favourability">
      <QueryState query={query} isEmpty={total === 0} empty={<EmptyState title="No posts in this range" />} height={240}>
        <DonutTotal total={total} testId="favourability-total">
          <EChart
            ariaLabel="Favourability donut"
            option={option}
            height={220}
            onClick={(e) => {
              const s = slices[e.dataIndex];
              if (s) tray.open({ label: `${s.name} posts`, favourabilityId: s.Id });
            }}
          />
        </DonutTotal>
        <Group justify="center" gap="lg" mt="xs">
          {slices.map((s) => (
            <Stack key={s.Id} gap={0} align="center">
              <Group gap={6}>
                <span style={{ width: 10, height: 10, borderRadius: 5, background: s.color, display: 'inline-block' }} />
                <Text size="xs" c="dimmed">
                  {s.name}
                </Text>
              </Group>
              <Text
                fw={700}
                size="sm"
                data-testid={`favourability-${s.name.toLowerCase()}`}
                {...(s.value
                  ? opensPosts(
                      () => tray.open({ label: `${s.name} posts`, favourabilityId: s.Id }),
                      `Open the ${s.value.toLocaleString('en-US')} ${s.name.toLowerCase()} post${s.value === 1 ? '' : 's'}`,
                    )
                  : {})}
              >
                {s.value.toLocaleString('en-US')}
              </Text>
            </Stack>
          ))}
        </Group>
      </QueryState>
    </WidgetCard>
  );
}
