import { defineOperation } from '../operation.ts';
import { ProjectQuery } from './get-project.ts';
import { CollectionStatus } from './model.ts';

/**
 * What brings the project's posts in, stream by stream, and what to configure where nothing does
 * (the dashboard says so instead of a green 'Live'; docs/operations.md lists the settings).
 */
export const getCollectionStatus = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/project/collection',
  summary: "What collects each of the project's streams (linked accounts, server settings, the demo's simulator), and what to configure where nothing does",
  tags: ['projects'],
  access: 'user',
  query: ProjectQuery,
  response: CollectionStatus,
});
