// A keyword of a word bin as a badge coloured by its operator (AND, OR, NOT), with a remove button while editing.
import { ActionIcon, Badge } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { KEYWORD_OPERATOR_LABELS } from '@listening/contract';

const OPERATOR_COLOR: Record<number, string> = { 1: 'blue', 2: 'teal', 3: 'red' };

export function KeywordBadge({ value, operatorId, onRemove, size = 'lg' }: { value: string; operatorId: number; onRemove?: () => void; size?: 'sm' | 'lg' }) {
  return (
    <Badge
      variant="light"
      color={OPERATOR_COLOR[operatorId] ?? 'gray'}
      tt="none"
      size={size}
      style={{ maxWidth: '100%' }}
      rightSection={
        onRemove && (
          <ActionIcon size="xs" variant="transparent" color="gray" aria-label={`Remove keyword ${value}`} onClick={onRemove}>
            <IconX size={12} />
          </ActionIcon>
        )
      }
    >
      {KEYWORD_OPERATOR_LABELS[operatorId]} {value}
    </Badge>
  );
}
