// 'Matches in the last 7 days' under the keywords while a list is edited: what these keywords,
// sentiment and language would have caught of the project's posts, asked of the server a moment
// after the last change (not on every key), so a list that would flood its recipients shows it
// before it is saved.
import { Group, Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useWordBinMatchCount } from '../api/word-bins.ts';
import { countableKeywords, type WordBinDraft } from '../draft.ts';
import { errorText } from '../errors.ts';

/** How long the form waits after a change before asking for the count. */
export const MATCH_COUNT_DEBOUNCE_MS = 400;

export function matchCountText(m: { Matches: number; Capped: boolean }): string {
  return `${m.Capped ? 'At least ' : ''}${m.Matches.toLocaleString('en-US')} ${m.Matches === 1 ? 'match' : 'matches'} in the last 7 days`;
}

export function MatchCount({ draft, projectId, clientId }: { draft: WordBinDraft; projectId: number; clientId: number }) {
  const ready = countableKeywords(draft);
  const [body] = useDebouncedValue(
    {
      ProjectId: projectId,
      ClientId: clientId,
      Keywords: draft.Keywords.filter((k) => k.Value.trim() !== ''),
      SentimentId: draft.SentimentId,
      LanguageId: draft.LanguageId,
    },
    MATCH_COUNT_DEBOUNCE_MS,
  );
  const count = useWordBinMatchCount(body, ready && body.Keywords.length > 0);
  if (!ready) return null;
  return (
    <Group gap={6} mt={6} data-testid="word-bin-match-count" aria-live="polite">
      {count.isFetching && <Loader size={12} />}
      {count.data ? (
        <Text size="sm" fw={500} c={count.data.Matches > 0 ? undefined : 'dimmed'}>
          {matchCountText(count.data)}
        </Text>
      ) : count.isError ? (
        <Text size="sm" c="red">
          {errorText(count.error) ?? 'The matches could not be counted'}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          Counting matches in the last 7 days…
        </Text>
      )}
    </Group>
  );
}
