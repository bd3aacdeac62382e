// The demo's boards: every word bin of the demo gets its workflow with three groups, 'New' (the
// default, where its matches arrive as the demo corpus is collected), 'In progress' and 'Done'.
import { WORKFLOW_DEFAULT_GROUP_NAME } from '@listening/contract';
import type { Db } from '../../db/connection.ts';
import * as q from './queries.ts';

export async function seedDemoWorkflows(db: Db): Promise<void> {
  const bins = await q.allWordBins(db);
  for (const bin of bins) {
    const workflowId = await q.insertWorkflow(db, bin.id, bin.description);
    if (workflowId === undefined) continue;
    for (const [position, description] of [WORKFLOW_DEFAULT_GROUP_NAME, 'In progress', 'Done'].entries())
      await q.insertGroup(db, { workflowId, description, isDefault: position === 0, position });
  }
}
