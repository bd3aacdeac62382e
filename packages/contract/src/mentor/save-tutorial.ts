import { defineOperation } from '../operation.ts';
import { SaveTutorialBody, TutorialDetail } from './model.ts';

/** Admins: creates (Id null) or replaces a tutorial with its steps, documents and videos, in one transaction. */
export const saveTutorial = defineOperation({
  host: 'mentor',
  method: 'POST',
  path: '/api/tutorial/save',
  summary: 'Create or change a tutorial with its steps, documents and videos (admins)',
  tags: ['mentor'],
  access: 'admin',
  body: SaveTutorialBody,
  response: TutorialDetail,
});
