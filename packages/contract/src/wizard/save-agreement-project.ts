import { defineOperation } from '../operation.ts';
import { SaveAgreementProjectBody, SaveAgreementQuery, SavedAgreement } from './model.ts';

/** Finish: saves the agreement and creates the project with its root bin and setup. */
export const saveAgreementProject = defineOperation({
  host: 'crm',
  method: 'POST',
  path: '/api/agreement/save/project',
  summary: 'Save an agreement and create its project',
  tags: ['wizard'],
  access: 'admin',
  query: SaveAgreementQuery,
  body: SaveAgreementProjectBody,
  response: SavedAgreement,
});
