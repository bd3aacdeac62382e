import { Text, type TextProps } from '@mantine/core';
import { formatRand } from '@listening/contract';

/** An amount in rand as the specification writes money: R, two decimals, thousand separators. */
export function Money({ value, ...props }: { value: number } & TextProps) {
  return (
    <Text component="span" {...props} style={{ fontVariantNumeric: 'tabular-nums', ...(props.style as object) }}>
      {formatRand(value)}
    </Text>
  );
}
