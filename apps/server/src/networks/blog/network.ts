// Blogs (stream 13) have no linked profiles: their feeds come from the projects' feed lists.
import type { Network } from '../network.ts';

export const blog: Network = { streamId: 13 };
