import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** A page header's search box, filtering the list below as the user types; full width on a phone. */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  width,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  width: number;
}) {
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      w={{ base: '100%', xs: width }}
    />
  );
}
