import { ProjectIdQuery } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { z } from 'zod';

/** One network of the linking flow: whether this server can link it, and if not the settings it lacks. */
export const LinkableNetwork = z.object({
  StreamId: z.number(),
  /** The network's name ('Instagram'). */
  Network: z.string(),
  /** The server has the OAuth client this network is linked through. */
  Configured: z.boolean(),
  /** The environment settings still unset (docs/operations.md); empty when configured. */
  MissingSettings: z.array(z.string()),
});
export type LinkableNetwork = z.infer<typeof LinkableNetwork>;

/**
 * Which networks the server can link now (its OAuth clients), so the modal's first step says which
 * cannot be linked, and why, before anyone picks one. The same for every project; asked with one
 * the caller may see, as every call of the modal is.
 */
export const getLinkableNetworks = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/accesstoken/networks',
  summary: 'The networks this server can link, and the settings each one that cannot still needs',
  tags: ['access-tokens'],
  access: 'user',
  query: ProjectIdQuery,
  response: z.array(LinkableNetwork),
});
