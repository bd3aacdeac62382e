import { Text, type TextProps } from '@mantine/core';
import { PRICE_PERIOD_LABELS, formatRand, type PricePeriod } from '@listening/contract';

/**
 * An amount in rand as the specification writes money: R, two decimals, thousand separators; a
 * price charged every month or once says so ('R 490.00 / month').
 */
export function Money({ value, period, ...props }: { value: number; period?: PricePeriod } & TextProps) {
  return (
    <Text component="span" {...props} style={{ fontVariantNumeric: 'tabular-nums', ...(props.style as object) }}>
      {formatRand(value)}
      {period ? ` ${PRICE_PERIOD_LABELS[period]}` : ''}
    </Text>
  );
}
