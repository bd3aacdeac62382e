import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { lockedProduct, productDetails, type GatedItem, type ProductKey } from '@listening/contract';
import { useState } from 'react';
import { ProductDialog } from '../../../project/components/ProductDialog.tsx';
import { useProjectContext } from '../../../project/context.ts';

/** The product that locks a gated widget for this project, or null (the side menu's own rule). */
export function useLockedProduct(item: GatedItem): ProductKey | null {
  const { project, ownedCodes } = useProjectContext();
  return lockedProduct(item, project.ProjectTypeId, ownedCodes);
}

/** What a locked widget shows instead of its figures: the product, and its details on request. */
export function LockedPanel({ product }: { product: ProductKey }) {
  const [open, setOpen] = useState(false);
  const details = productDetails(product);
  return (
    <Stack align="center" gap="xs" py="lg" data-testid={`locked-${product}`}>
      <ThemeIcon size={44} radius="xl" variant="light" color="orange">
        <IconLock size={22} />
      </ThemeIcon>
      <Text fw={600}>{details.name} is not part of your plan</Text>
      <Text size="sm" c="dimmed" ta="center" maw={380}>
        {details.description}
      </Text>
      <Button variant="light" color="orange" size="xs" onClick={() => setOpen(true)}>
        Product details
      </Button>
      <ProductDialog product={open ? product : null} onClose={() => setOpen(false)} />
    </Stack>
  );
}
