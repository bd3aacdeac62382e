import { ActionIcon, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { BIN_RULES_MAX, RULE_EXPRESSION_MAX, RULE_KINDS, RULE_KIND_LABELS, type BinRuleInput, type RuleKind } from '@listening/contract';
import { streamName } from '../../../ui/StreamIcon.tsx';

export interface RuleDraft {
  kind: RuleKind;
  expression: string;
  streamId: number | null;
}

export const toDraft = (r: { Kind: string; Expression: string; StreamId: number | null }): RuleDraft => ({
  kind: (RULE_KINDS as readonly string[]).includes(r.Kind) ? (r.Kind as RuleKind) : 'phrase',
  expression: r.Expression,
  streamId: r.StreamId,
});
/** Rows left empty are not rules. */
export const toRules = (drafts: RuleDraft[]): BinRuleInput[] =>
  drafts.filter((d) => d.expression.trim() !== '').map((d) => ({ kind: d.kind, expression: d.expression.trim(), streamId: d.streamId }));

const PLACEHOLDER: Record<RuleKind, string> = {
  phrase: 'acme AND (price OR "too expensive")',
  topic: '"sugar tax" OR (sugar AND levy)',
  hashtag: 'acmecola OR summerrefresh',
  handle: 'acmecola',
  url: 'acme.co.za/deals',
  profile: '@acmecola',
};

/** A bin's rules: what each tracks, the expression, and optionally one network. */
export function RulesEditor({ value, onChange, streams }: { value: RuleDraft[]; onChange: (next: RuleDraft[]) => void; streams: readonly number[] }) {
  const set = (i: number, patch: Partial<RuleDraft>) => onChange(value.map((r, k) => (k === i ? { ...r, ...patch } : r)));
  return (
    <Stack gap="xs">
      <Text size="xs" c="dimmed">
        Words, &quot;quoted phrases&quot;, AND, OR, NOT and parentheses (operators in capitals); a comma means OR. Case and accents do not matter.
      </Text>
      {value.map((r, i) => (
        <Group key={i} gap="xs" align="flex-start" wrap="wrap" data-testid="rule-row">
          <Select
            aria-label={`Rule ${i + 1}: what it tracks`}
            w={130}
            data={RULE_KINDS.map((k) => ({ value: k, label: RULE_KIND_LABELS[k] }))}
            value={r.kind}
            onChange={(v) => v && set(i, { kind: v as RuleKind })}
            allowDeselect={false}
          />
          <TextInput
            aria-label={`Rule ${i + 1}`}
            style={{ flex: '1 1 220px' }}
            placeholder={PLACEHOLDER[r.kind]}
            maxLength={RULE_EXPRESSION_MAX}
            value={r.expression}
            onChange={(e) => set(i, { expression: e.currentTarget.value })}
          />
          <Select
            aria-label={`Rule ${i + 1}: network`}
            w={150}
            data={[{ value: '', label: 'All networks' }, ...streams.map((s) => ({ value: String(s), label: streamName(s) }))]}
            value={r.streamId === null ? '' : String(r.streamId)}
            onChange={(v) => set(i, { streamId: v ? Number(v) : null })}
            allowDeselect={false}
          />
          <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove rule ${i + 1}`} onClick={() => onChange(value.filter((_, k) => k !== i))}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={value.length >= BIN_RULES_MAX}
          onClick={() => onChange([...value, { kind: 'phrase', expression: '', streamId: null }])}
        >
          Add a rule
        </Button>
      </Group>
    </Stack>
  );
}
