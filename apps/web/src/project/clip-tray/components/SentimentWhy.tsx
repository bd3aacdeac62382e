import { Group, Stack, Text } from '@mantine/core';
import { FAVOURABILITY_LOOKUP, type SentimentWhy } from '@listening/contract';

const describe = (id: number) => FAVOURABILITY_LOOKUP.find((f) => f.Id === id)?.Description ?? 'Neutral';

/**
 * "Why this sentiment": the scorer's verdict and the features that weighed most for it
 * (docs/sentiment.md), and whether a user's rating has since replaced it.
 */
export function SentimentWhyPanel({ why, ratedId }: { why: SentimentWhy; ratedId: number }) {
  const verdict = describe(why.FavourabilityId);
  const max = Math.max(0.01, ...why.Reasons.map((r) => Math.abs(r.Weight)));
  return (
    <Stack gap={6} data-testid="clip-why-panel">
      <Text size="sm" fw={600}>
        Why this sentiment
      </Text>
      <Text size="xs">
        {why.Scorer === 'model'
          ? `The sentiment model read this post as ${verdict}.`
          : `The sentiment word lists (for languages the model was not trained on) read this post as ${verdict}.`}
        {ratedId !== why.FavourabilityId && ` A user has since rated it ${describe(ratedId)}.`}
      </Text>
      {why.Reasons.length === 0 ? (
        <Text size="xs" c="dimmed">
          Nothing in the post weighed clearly one way or the other.
        </Text>
      ) : (
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            What weighed most:
          </Text>
          {why.Reasons.map((r) => (
            <Group key={r.Feature} gap={8} wrap="nowrap" data-testid="clip-why-reason">
              <Text size="xs" style={{ flex: 1, minWidth: 0, wordBreak: 'break-word' }}>
                {r.Feature}
              </Text>
              <div
                aria-hidden
                style={{
                  width: 60,
                  height: 6,
                  borderRadius: 3,
                  background: 'var(--mantine-color-gray-2)',
                  overflow: 'hidden',
                }}
              >
                <div
                  style={{
                    width: `${Math.round((Math.abs(r.Weight) / max) * 100)}%`,
                    height: '100%',
                    background: r.Weight >= 0 ? 'var(--mantine-color-blue-5)' : 'var(--mantine-color-orange-5)',
                  }}
                />
              </div>
              <Text size="xs" c="dimmed" w={104} ta="right" style={{ whiteSpace: 'nowrap' }}>
                {r.Weight >= 0 ? `for ${verdict}` : `against ${verdict}`}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
