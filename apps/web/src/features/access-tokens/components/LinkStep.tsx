// The last step of linking a social account: the network's own authorisation page, opened in a new window, or a link for the client to open.
import { Alert, Button, Divider, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { StreamIcon, streamName } from '../../../ui/StreamIcon.tsx';
import { COPY_CONFIRMATION_MS, LINK_HINT, linkAccountLabel } from '../status.ts';

export interface LinkStepProps {
  streamId: number;
  /** The profile being granted again, or null for a new link. */
  profileName: string | null;
  /** The provider's authorisation address, once the server has made it. */
  url: string | undefined;
  loading: boolean;
  /** Why no address could be made (a network not configured on this server, say). */
  error: string | null;
  /** Admins only: makes a link the client opens without the admin's session. */
  onClientLink?: () => Promise<string>;
}

/**
 * Step 3: link. The grant happens on the network's own page, in a new window; its return page
 * says "You can now close this window", and the list here refreshes when it does.
 */
export function LinkStep({ streamId, profileName, url, loading, error, onClientLink }: LinkStepProps) {
  const network = streamName(streamId);
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap">
        <StreamIcon streamId={streamId} size={30} />
        <Text fw={600}>{profileName ? `Grant access again for ${profileName}` : linkAccountLabel(streamId, network)}</Text>
      </Group>
      <Text size="sm">{LINK_HINT[streamId]}</Text>
      {error ? (
        <Alert color="red" variant="light" title={`${network} cannot be linked`}>
          {error}
        </Alert>
      ) : (
        <Group>
          <Button
            component="a"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            loading={loading}
            disabled={!url}
            rightSection={<IconExternalLink size={16} />}
            data-testid="grant-link"
          >
            Continue to {network}
          </Button>
        </Group>
      )}
      {!error && (
        <Text size="xs" c="dimmed">
          {network} opens in a new window. Once you have allowed access there, come back here: the profile shows as Granted.
        </Text>
      )}
      {onClientLink && !error && <ClientLink onClientLink={onClientLink} />}
    </Stack>
  );
}

/** The admin's 'send link to client': the link is copied, and the confirmation hides after 2 seconds. */
function ClientLink({ onClientLink }: { onClientLink: () => Promise<string> }) {
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    setBusy(true);
    setFailed(null);
    let made = link;
    try {
      made ??= await onClientLink();
      setLink(made);
    } catch (err) {
      setFailed(err instanceof Error ? err.message : 'The link could not be made.');
      setBusy(false);
      return;
    }
    try {
      // Without a clipboard (an address that is not https) or with it refused, the link stays shown to copy by hand.
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(made);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    } catch {
      setFailed('The link could not be copied here: select it above and copy it.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Divider label="Admin: send link to client" labelPosition="left" mt="xs" />
      <Text size="sm" c="dimmed">
        The client can grant access themselves: the link opens the network for this project only, without your session.
      </Text>
      <Group gap="sm" align="center">
        <Button variant="default" leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={() => void copy()} loading={busy}>
          Copy link for the client
        </Button>
        {copied && (
          <Text size="sm" c="teal" role="status">
            Link copied to the clipboard
          </Text>
        )}
      </Group>
      {link && <TextInput readOnly value={link} aria-label="Link for the client" onFocus={(e) => e.currentTarget.select()} />}
      {failed && (
        <Text size="sm" c="red">
          {failed}
        </Text>
      )}
    </>
  );
}
