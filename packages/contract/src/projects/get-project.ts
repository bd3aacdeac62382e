import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { Project } from './model.ts';

export const ProjectQuery = z.object({ projectId: zId });

export const getProject = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/project/get',
  summary: 'One project',
  tags: ['projects'],
  access: 'user',
  query: ProjectQuery,
  response: Project,
});
