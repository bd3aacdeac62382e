// The dashboard's word cloud of what the posts talk about, with the phrases the project includes or excludes.
import { Badge, Button, CloseButton, Group, SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { MESSAGES, WORDCLOUD_MIN_FONT } from '@listening/contract';
import { useMemo, useState } from 'react';
import { EChart, type EChartOption } from '../../../ui/charts/EChart.tsx';
import { html } from '../../../ui/html.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { toast } from '../../../ui/toast.ts';
import { useClipTray } from '../../../project/clip-tray/tray-state.tsx';
import { useProjectContext } from '../../../project/context.ts';
import { usePhrases } from '../api/get-phrases.ts';
import { CLOUD_FILTER_OPTIONS, useWordCloud, type CloudFilterValue } from '../api/get-wordcloud.ts';
import { useSetPhrase } from '../api/set-phrase.ts';
import { QueryState, WidgetCard } from './WidgetCard.tsx';

const PALETTE = ['#1c7ed6', '#0b7285', '#5f3dc4', '#2b8a3e', '#e8590c', '#c2255c', '#364fc7', '#495057'];
/** Included phrases stand apart: one colour no other word has, heavier, with the list's colour below. */
const INCLUDED_COLOUR = '#087f5b';
/**
 * Room kept clear around the layout, in px: the layout measures each word once, and a word drawn a
 * little wider than measured (a font still loading) would otherwise be cut at the card's edge.
 */
const CLOUD_MARGIN = 12;

/** Top words, hashtags, handles or named entities, smallest font 7; phrases in and out. */
export function WordCloud() {
  const { params, project } = useProjectContext();
  const [cloudFilter, setCloudFilter] = useState<CloudFilterValue>('words');
  const [phrase, setPhrase] = useState('');
  const query = useWordCloud(params, cloudFilter);
  const [onlyIncluded, setOnlyIncluded] = useState(false);
  const phrases = usePhrases(project.Id);
  const setter = useSetPhrase(project.Id);
  const tray = useClipTray();
  /** A word opens the posts that carry it, and fills the phrase box to include or exclude it. */
  const openWord = (word: string) => {
    setPhrase(word);
    tray.open({ label: `Posts with '${word}'`, word });
  };
  const all = useMemo(() => query.data ?? [], [query.data]);
  const hasIncluded = all.some((w) => w.Included);
  const words = useMemo(() => (onlyIncluded && hasIncluded ? all.filter((w) => w.Included) : all), [all, onlyIncluded, hasIncluded]);

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
          left: CLOUD_MARGIN,
          right: CLOUD_MARGIN,
          top: CLOUD_MARGIN,
          bottom: CLOUD_MARGIN,
          width: null,
          height: null,
          drawOutOfBound: false,
          shrinkToFit: true,
          layoutAnimation: false,
          textStyle: {
            fontFamily: 'Inter, system-ui, sans-serif',
            fontWeight: 600,
            color: (p: { dataIndex: number }) => PALETTE[p.dataIndex % PALETTE.length],
          },
          emphasis: { textStyle: { color: '#000' } },
          // Sizes follow the log of the count, so one dominant term does not shrink the rest to the minimum.
          data: words.map((w) => ({
            name: w.Value,
            value: Math.log1p(w.Count),
            count: w.Count,
            ...(w.Included ? { textStyle: { color: INCLUDED_COLOUR, fontWeight: 800 } } : {}),
          })),
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
  const remove = (p: string, was: 'include' | 'exclude') =>
    setter.mutate(
      { kind: 'remove', projectId: project.Id, phrase: p },
      { onSuccess: () => toast.success(was === 'include' ? `'${p}' is no longer included` : `'${p}' is back in the word cloud`) },
    );
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
        {hasIncluded && (
          <Switch
            size="xs"
            label="Only included phrases"
            checked={onlyIncluded}
            onChange={(e) => setOnlyIncluded(e.currentTarget.checked)}
            data-testid="wordcloud-only-included"
          />
        )}
        {/* The phrase box takes a row of its own when the card is narrow, the buttons go under it. */}
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            size="xs"
            style={{ flex: '1 1 220px' }}
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
            <PhraseList label="Included (green in the cloud):" kind="include" phrases={included} counts={all} onRemove={remove} />
            <PhraseList label="Excluded:" kind="exclude" phrases={excluded} onRemove={remove} />
          </Stack>
        )}
      </Stack>
    </WidgetCard>
  );
}

/** The project's included or excluded phrases, each with its count in the cloud and a button to remove it. */
function PhraseList({
  label,
  kind,
  phrases,
  counts,
  onRemove,
}: {
  label: string;
  kind: 'include' | 'exclude';
  phrases: { Id: number; Phrase: string }[];
  counts?: { Value: string; Count: number }[];
  onRemove: (phrase: string, kind: 'include' | 'exclude') => void;
}) {
  if (phrases.length === 0) return null;
  return (
    <Group gap={4} data-testid={`wordcloud-${kind}d`}>
      <Text size="xs" c="dimmed" mr={4}>
        {label}
      </Text>
      {phrases.map((x) => {
        const n = counts && (counts.find((c) => c.Value === x.Phrase)?.Count ?? 0);
        return (
          <Badge
            key={x.Id}
            size="lg"
            variant="light"
            color={kind === 'include' ? 'teal' : 'red'}
            tt="none"
            fw={500}
            pr={3}
            rightSection={<CloseButton size="xs" aria-label={`Remove '${x.Phrase}' from the ${kind}d phrases`} onClick={() => onRemove(x.Phrase, kind)} />}
          >
            {n === undefined ? x.Phrase : `${x.Phrase} · ${n === 0 ? 'no posts' : n.toLocaleString('en-US')}`}
          </Badge>
        );
      })}
    </Group>
  );
}
