import { Badge, Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { CURRENCY, productDetails, type ProductKey } from '@listening/contract';
import { Money } from '../../ui/Money.tsx';

/**
 * The product-details dialog of a locked item: name, description, price in rand,
 * Cancel and Add. Add does nothing that is shown beyond closing.
 */
export function ProductDialog({ product, onClose }: { product: ProductKey | null; onClose: () => void }) {
  const details = product ? productDetails(product) : null;
  return (
    <Modal opened={!!details} onClose={onClose} title="Product details" centered radius="md">
      {details && (
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={40} radius="md" variant="light" color="orange">
              <IconLock size={22} />
            </ThemeIcon>
            <div>
              <Text fw={700} size="lg" data-testid="product-name">
                {details.name}
              </Text>
              <Badge variant="light" color="orange" size="sm">
                Not included in your plan
              </Badge>
            </div>
          </Group>
          <Text size="sm">{details.description}</Text>
          <Group justify="space-between" align="baseline">
            <Text size="sm" c="dimmed">
              Price ({CURRENCY})
            </Text>
            <Money value={details.price} fw={700} fz="xl" data-testid="product-price" />
          </Group>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={onClose}>Add</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
