import { ActionIcon, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

/** A row's quiet red bin button, its tooltip saying what it removes and its label naming the row. */
export function RemoveButton({
  tooltip,
  label,
  loading,
  disabled,
  onClick,
}: {
  tooltip: string;
  label: string;
  loading?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip label={tooltip} withArrow>
      <ActionIcon variant="subtle" color="red" aria-label={label} loading={loading} disabled={disabled} onClick={onClick}>
        <IconTrash size={16} />
      </ActionIcon>
    </Tooltip>
  );
}
