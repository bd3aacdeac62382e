import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { ProjectList } from './model.ts';

export const ProjectsQuery = z.object({ clientId: zId });

export const getProjects = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/project/getall',
  summary: 'Projects of a client',
  tags: ['projects'],
  access: 'user',
  query: ProjectsQuery,
  response: ProjectList,
});
