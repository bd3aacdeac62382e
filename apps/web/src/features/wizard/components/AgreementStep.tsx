// The new-project wizard's agreement: priced products with quantities and the totals with VAT.
import { Checkbox, Group, NumberInput, Stack, Table, Text } from '@mantine/core';
import {
  CATALOGUE_PRODUCTS,
  clampQuantity,
  formatPrice,
  maxQuantity,
  minQuantity,
  periodSummary,
  VAT_PERCENT,
  type AgreementPrice,
  type ProductType,
} from '@listening/contract';

const PERIOD_HEADINGS = { once: 'Once-off', month: 'Every month' } as const;
import type { WizardState } from './wizard-state.ts';

function QuantityCell({ product, quantity, onChange }: { product: ProductType['children'][number]; quantity: number; onChange: (q: number) => void }) {
  const rule = CATALOGUE_PRODUCTS.get(product.Id);
  if (!rule) return null;
  if (!product.Quantifiable)
    return (
      <Checkbox
        aria-label={`Include ${product.Description}`}
        checked={quantity > 0}
        // A default product that is not quantifiable may be left out; a quantifiable one may not.
        onChange={(e) => onChange(clampQuantity(rule, e.currentTarget.checked ? 1 : 0))}
      />
    );
  return (
    <NumberInput
      aria-label={`Quantity of ${product.Description}`}
      value={quantity}
      min={minQuantity(rule)}
      max={maxQuantity(rule)}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="strict"
      w={80}
      size="xs"
      onChange={(v) => onChange(clampQuantity(rule, typeof v === 'number' ? v : Number(v) || 0))}
    />
  );
}

/** Step 4: the priced products with quantities, each price with its period, and the totals with VAT per period, in rand. */
export function AgreementStep({
  list,
  state,
  set,
  price,
}: {
  list: ProductType[];
  state: WizardState;
  set: (patch: Partial<WizardState>) => void;
  price: AgreementPrice;
}) {
  const setQuantity = (id: number, q: number) => set({ quantities: { ...state.quantities, [id]: q } });
  return (
    <Stack gap="md">
      <Table verticalSpacing={6} horizontalSpacing="xs" aria-label="Products">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th ta="right" visibleFrom="sm">
              Price
            </Table.Th>
            <Table.Th>Quantity</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((h) => [
            <Table.Tr key={`h${h.Id}`} bg="var(--mantine-color-gray-0)">
              <Table.Td colSpan={4}>
                <Text fw={700} size="sm">
                  {h.Description}
                </Text>
              </Table.Td>
            </Table.Tr>,
            ...h.children.map((p) => {
              const q = state.quantities[p.Id] ?? 0;
              return (
                <Table.Tr key={p.Id}>
                  <Table.Td>
                    <Text size="sm">{p.Description}</Text>
                    {/* On a phone the unit price goes under the product: the table keeps to the screen. */}
                    <Text size="xs" c="dimmed" hiddenFrom="sm">
                      {formatPrice(p.PriceCents, p.Period)} each
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" visibleFrom="sm">
                    <Text size="sm">{formatPrice(p.PriceCents, p.Period)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <QuantityCell product={p} quantity={q} onChange={(n) => setQuantity(p.Id, n)} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" c={q ? undefined : 'dimmed'}>
                      {formatPrice(q * p.PriceCents, p.Period)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              );
            }),
          ])}
        </Table.Tbody>
      </Table>
      {/* One block per period: once-off and monthly money are never added into one figure. */}
      <Stack gap="sm" ml="auto" w={{ base: '100%', xs: 360 }} aria-label="Totals">
        {price.Periods.map((t) => (
          <Stack key={t.Period} gap={2} data-testid={`totals-${t.Period}`}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase">
              {PERIOD_HEADINGS[t.Period]}
            </Text>
            <Group justify="space-between">
              <Text size="sm">Subtotal (excl. VAT)</Text>
              <Text size="sm" data-testid={`subtotal-${t.Period}`}>
                {formatPrice(t.ProductListTotal, t.Period)}
              </Text>
            </Group>
            <Group justify="space-between">
              <Text size="sm">VAT ({VAT_PERCENT}%)</Text>
              <Text size="sm" data-testid={`vat-${t.Period}`}>
                {formatPrice(t.Vat, t.Period)}
              </Text>
            </Group>
            <Group justify="space-between">
              <Text fw={700}>Total (incl. VAT)</Text>
              <Text fw={700} data-testid={`total-${t.Period}`}>
                {formatPrice(t.Total, t.Period)}
              </Text>
            </Group>
          </Stack>
        ))}
        <Group justify="space-between" wrap="nowrap" align="flex-start" pt={6} style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <Text fw={700}>Agreement</Text>
          <Text fw={700} ta="right" data-testid="agreement-total">
            {periodSummary(price)}
          </Text>
        </Group>
      </Stack>
      <Group>
        <Checkbox label="Send the agreement now" checked={state.sendAgreementNow} onChange={(e) => set({ sendAgreementNow: e.currentTarget.checked })} />
        <Checkbox label="Trial" checked={state.isTrial} onChange={(e) => set({ isTrial: e.currentTarget.checked })} />
      </Group>
    </Stack>
  );
}
