import { Alert, Badge, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconLock } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { CURRENCY, productDetails, type ProductKey } from '@listening/contract';
import { Modal } from '../../ui/Modal.tsx';
import { Money } from '../../ui/Money.tsx';
import { useRequestProduct } from '../api/request-product.ts';
import { DialogActions } from '../../ui/DialogActions.tsx';

/**
 * The product-details dialog of a locked item: name, description, price in rand, Cancel and Add.
 * Add asks the provider for the product for this project (their admins hear of it) and shows
 * their thanks in place of the buttons.
 */
export function ProductDialog({ product, onClose: close }: { product: ProductKey | null; onClose: () => void }) {
  const details = product ? productDetails(product) : null;
  // Opened only inside a project (its side menu, a locked widget): the request is for that project.
  const { projectId } = useParams({ strict: false });
  const request = useRequestProduct();
  // The thanks belong to this opening of the dialog: the next one starts afresh.
  const onClose = () => {
    request.reset();
    close();
  };
  const thanks = request.data?.Message ?? null;
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
            <Money value={details.price} period={details.period} fw={700} fz="xl" data-testid="product-price" />
          </Group>
          {thanks ? (
            <>
              <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} title="Request sent" data-testid="product-request-thanks" role="status">
                {thanks}
              </Alert>
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose}>
                  Close
                </Button>
              </Group>
            </>
          ) : (
            <DialogActions onCancel={onClose} gap="sm">
              <Button onClick={() => product && projectId && request.mutate({ projectId: Number(projectId), product })} loading={request.isPending}>
                Add
              </Button>
            </DialogActions>
          )}
        </Stack>
      )}
    </Modal>
  );
}
