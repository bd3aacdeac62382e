// What a locked widget or screen shows instead of its figures: the product, its price, its
// description and the side menu's product dialog on request; and the hook that says which product
// locks an item for the open project (the side menu's own rule). Shared by the dashboard's widgets
// and the analysis screens, so a product looks locked the same way wherever it is met.
import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { lockedProduct, productDetails, type GatedItem, type ProductKey } from '@listening/contract';
import { useState } from 'react';
import { Money } from '../../ui/Money.tsx';
import { useProjectContext } from '../context.ts';
import { ProductDialog } from './ProductDialog.tsx';

/** The product that locks a gated item for this project, or null (none, or no gate). */
export function useLockedProduct(item?: GatedItem): ProductKey | null {
  const { project, ownedCodes } = useProjectContext();
  return item ? lockedProduct(item, project.ProjectTypeId, ownedCodes) : null;
}

/** `screen`: a whole screen's panel, a little larger than a widget's. */
export function LockedPanel({ product, screen = false }: { product: ProductKey; screen?: boolean }) {
  const [open, setOpen] = useState(false);
  const details = productDetails(product);
  return (
    <Stack align="center" gap="xs" py={screen ? 'xl' : 'lg'} data-testid={`locked-${product}`}>
      <ThemeIcon size={screen ? 48 : 44} radius="xl" variant="light" color="orange">
        <IconLock size={screen ? 24 : 22} />
      </ThemeIcon>
      <Text fw={600}>{details.name} is not part of your plan</Text>
      <Text size="sm" data-testid={`locked-${product}-price`}>
        {details.name} · <Money value={details.price} period={details.period} fw={700} />
      </Text>
      <Text size="sm" c="dimmed" ta="center" maw={screen ? 420 : 380}>
        {details.description}
      </Text>
      <Button variant="light" color="orange" size="xs" onClick={() => setOpen(true)}>
        Product details
      </Button>
      <ProductDialog product={open ? product : null} onClose={() => setOpen(false)} />
    </Stack>
  );
}
