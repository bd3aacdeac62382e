import { Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useProjectCategories, useSubProducts } from '../api/wizard.ts';

/** Step 1: the project type; choosing one loads its sub-products. */
export function ProjectTypeStep({
  typeId,
  subTypeId,
  onChange,
}: {
  typeId: number | null;
  subTypeId: number | null;
  onChange: (typeId: number | null, subTypeId: number | null) => void;
}) {
  const { data: categories } = useProjectCategories();
  const { data: subs, isFetching } = useSubProducts(typeId);
  return (
    <Stack gap="lg">
      <Radio.Group label="Project type" value={typeId === null ? null : String(typeId)} onChange={(v) => onChange(Number(v), null)}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} mt="xs" spacing="sm">
          {categories?.Categories.map((c) => (
            <Radio.Card key={c.Id} value={String(c.Id)} radius="md" p="md" withBorder>
              <Radio.Indicator size="xs" />
              <Text fw={600} size="sm" mt={6}>
                {c.Description}
              </Text>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>
      {typeId !== null && (
        <div>
          <Title order={5} mb={4}>
            Sub-product
          </Title>
          {isFetching && !subs ? (
            <Text size="sm" c="dimmed">
              Loading the sub-products…
            </Text>
          ) : (
            <Radio.Group value={subTypeId === null ? null : String(subTypeId)} onChange={(v) => onChange(typeId, Number(v))} aria-label="Sub-product">
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs">
                {subs?.map((s) => (
                  <Radio key={s.Id} value={String(s.Id)} label={s.Description} />
                ))}
              </SimpleGrid>
            </Radio.Group>
          )}
        </div>
      )}
    </Stack>
  );
}
