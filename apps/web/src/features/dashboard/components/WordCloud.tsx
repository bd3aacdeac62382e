import { Badge, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { MESSAGES, WORDCLOUD_MIN_FONT } from '@listening/contract';
import { useMemo, useState } from 'react';
import { EChart, type EChartOption } from '../../../ui/charts/EChart.tsx';
import { html } from '../../../ui/html.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { toast } from '../../../ui/toast.ts';
import { useClipTray } from '../../../project/clip-tray/tray-state.tsx';
import { useProjectContext } from '../../../project/context.ts';
import { useExclusions } from '../api/get-exclusions.ts';
import { CLOUD_FILTER_OPTIONS, useWordCloud, type CloudFilterValue } from '../api/get-wordcloud.ts';
import { useSetPhrase } from '../api/set-phrase.ts';
import { QueryState, WidgetCard } from './WidgetCard.tsx';

const PALETTE = ['#1c7ed6', '#0b7285', '#5f3dc4', '#2b8a3e', '#e8590c', '#c2255c', '#364fc7', '#495057'];

/** Top words, hashtags, handles or named entities, smallest font 7; phrases in and out. */
export function WordCloud() {
  const { params, project } = useProjectContext();
  const [cloudFilter, setCloudFilter] = useState<CloudFilterValue>('words');
  const [phrase, setPhrase] = useState('');
  const query = useWordCloud(params, cloudFilter);
  const phrases = useExclusions(project.Id);
  const setter = useSetPhrase(project.Id);
  const tray = useClipTray();
  /** A word opens the posts that carry it, and fills the phrase box to include or exclude it. */
  const openWord = (word: string) => {
    setPhrase(word);
    tray.open({ label: `Posts with '${word}'`, word });
  };
  const words = useMemo(() => query.data ?? [], [query.data]);

  const option = useMemo<EChartOption>(
    () => ({
      tooltip: { formatter: (p: { name: string; data: { count: number } }) => html`${p.name}: <b>${p.data.count.toLocaleString('en-US')}</b>` },
      series: [
        {
          type: 'wordCloud',
          shape: 'square',
          keepAspect: false,
          gridSize: 6,
          sizeRange: [WORDCLOUD_MIN_FONT, 52],
          rotationRange: [0, 0],
          width: '100%',
          height: '100%',
          drawOutOfBound: false,
          layoutAnimation: false,
          textStyle: {
            fontFamily: 'Inter, system-ui, sans-serif',
            fontWeight: 600,
            color: (p: { dataIndex: number }) => PALETTE[p.dataIndex % PALETTE.length],
          },
          emphasis: { textStyle: { color: '#000' } },
          // Sizes follow the log of the count, so one dominant term does not shrink the rest to the minimum.
          data: words.map((w) => ({ name: w.Value, value: Math.log1p(w.Count), count: w.Count })),
        },
      ],
    }),
    [words],
  );

  const submit = (kind: 'include' | 'exclude') => {
    const p = phrase.trim();
    if (!p) return;
    setter.mutate(
      { kind, projectId: project.Id, phrase: p },
      {
        onSuccess: () => {
          toast.success(kind === 'include' ? `'${p}' is included in the word cloud` : `'${p}' is excluded from the word cloud`);
          setPhrase('');
        },
      },
    );
  };
  const excluded = (phrases.data ?? []).filter((x) => x.Kind === 'exclude');
  const included = (phrases.data ?? []).filter((x) => x.Kind === 'include');

  return (
    <WidgetCard
      title="Word cloud"
      subtitle="What the posts talk about · click a word for its posts, then include or exclude it"
      testId="wordcloud"
      actions={
        <SegmentedControl
          size="xs"
          value={cloudFilter}
          onChange={(v) => setCloudFilter(v as CloudFilterValue)}
          data={CLOUD_FILTER_OPTIONS.map((o) => ({ ...o }))}
          aria-label="Word cloud filter"
        />
      }
    >
      <Stack gap="sm">
        <QueryState query={query} isEmpty={words.length === 0} empty={<EmptyState title={MESSAGES.noContent} />} height={300}>
          <EChart
            ariaLabel={`Word cloud of ${cloudFilter}`}
            option={option}
            height={300}
            onClick={(e) => openWord(String(e.name))}
            cells={{
              columns: words.length,
              rows: 1,
              index: (column) => column,
              label: (column) => `${words[column].Value}: ${words[column].Count.toLocaleString('en-US')} posts`,
              onOpen: (column) => openWord(words[column].Value),
            }}
          />
        </QueryState>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            size="xs"
            style={{ flex: 1 }}
            label="Phrase"
            placeholder="a word or phrase"
            value={phrase}
            onChange={(e) => setPhrase(e.currentTarget.value)}
            onKeyDown={(e) => e.key === 'Enter' && submit('include')}
          />
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => submit('include')}
            disabled={!phrase.trim()}
            loading={setter.isPending && setter.variables?.kind === 'include'}
          >
            Include
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconMinus size={14} />}
            onClick={() => submit('exclude')}
            disabled={!phrase.trim()}
            loading={setter.isPending && setter.variables?.kind === 'exclude'}
          >
            Exclude
          </Button>
        </Group>
        {(excluded.length > 0 || included.length > 0) && (
          <Stack gap={4} data-testid="wordcloud-phrases">
            <PhraseList label="Excluded:" color="red" phrases={excluded} />
            <PhraseList label="Included:" color="teal" phrases={included} />
          </Stack>
        )}
      </Stack>
    </WidgetCard>
  );
}

/** The project's excluded or included phrases as badges; nothing when there are none. */
function PhraseList({ label, color, phrases }: { label: string; color: string; phrases: { Id: number; Phrase: string }[] }) {
  if (phrases.length === 0) return null;
  return (
    <Group gap={4}>
      <Text size="xs" c="dimmed" mr={4}>
        {label}
      </Text>
      {phrases.map((x) => (
        <Badge key={x.Id} size="sm" variant="light" color={color}>
          {x.Phrase}
        </Badge>
      ))}
    </Group>
  );
}
