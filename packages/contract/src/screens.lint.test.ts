// The linter keeps the screen catalogue the one place of project-type rules and screen paths
// (eslint.config.js): a deliberate violation fails `npm run lint`, and the catalogue's own way passes.
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: fileURLToPath(new URL('../../..', import.meta.url)) });

/** The no-restricted-syntax messages the linter gives `code` as if it were the file at `filePath`. */
async function restricted(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('the linter’s screen-catalogue rules', () => {
  it('refuses a server module that compares a project type with a literal', async () => {
    const code = [
      'declare const project: { project_type_id: number };',
      'export const a = project.project_type_id === 5;',
      'export const b = [1, 5].includes(project.project_type_id);',
      'export function c(): number {',
      '  switch (project.project_type_id) {',
      '    case 2:',
      '      return 1;',
      '  }',
      '  return 0;',
      '}',
      '',
    ].join('\n');
    const messages = await restricted(code, 'apps/server/src/modules/example/service.ts');
    expect(messages).toHaveLength(3);
    expect(messages[0]).toMatch(/screen catalogue/);
  });

  it('refuses a web screen that compares a project type with a literal', async () => {
    const code = 'declare const p: { ProjectTypeId: number };\nexport const a = 1 !== p.ProjectTypeId;\n';
    expect(await restricted(code, 'apps/web/src/features/example/Example.tsx')).toHaveLength(1);
  });

  it('refuses a screen’s path written by hand on the web, as an address or a route', async () => {
    const code = [
      'declare const p: { Id: number };',
      'export const href = `/client/1/project/${p.Id}/deep-dive`;',
      "export const to = '/client/$clientId/project/$projectId/sentiment';",
      "export const route = { path: 'performance-measurement' };",
      '',
    ].join('\n');
    const messages = await restricted(code, 'apps/web/src/features/example/Example.tsx');
    expect(messages).toHaveLength(3);
    expect(messages[0]).toMatch(/screen catalogue/);
  });

  it('refuses a list of project types kept outside the catalogue', async () => {
    const code = [
      'declare const p: { ProjectTypeId: number };',
      'const ANALYSED = [1, 5, 6];',
      'export const a = ANALYSED.includes(p.ProjectTypeId);',
      'export const screen = { label: "Example", projectTypes: [1, 5] };',
      '',
    ].join('\n');
    const messages = await restricted(code, 'apps/web/src/features/example/Example.tsx');
    expect(messages).toHaveLength(2);
    expect(messages.every((m) => /screen catalogue/.test(m))).toBe(true);
  });

  it('refuses a query key written by hand on the web, and lets the operation layer through', async () => {
    const byHand = "export const q = { queryKey: ['word-bins', 'list', 3], queryFn: () => 1 };\n";
    const messages = await restricted(byHand, 'apps/web/src/features/example/api/get-example.ts');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/one operation layer/);
    const layer = [
      "import { getProject } from '@listening/contract';",
      "import { opKey, opQuery } from '../../../api/op-query.ts';",
      'export const q = opQuery(getProject, { query: { projectId: 3 } });',
      'export const k = { queryKey: opKey(getProject, { query: { projectId: 3 } }) };',
      '',
    ].join('\n');
    expect(await restricted(layer, 'apps/web/src/features/example/api/get-example.ts')).toEqual([]);
  });

  it('lets the catalogue’s helpers through', async () => {
    const code = [
      "import { screenShown } from '@listening/contract';",
      'declare const p: { ProjectTypeId: number };',
      "import { screenTo } from '../../project/screen-routes.ts';",
      "export const a = screenShown('deep-dive', p.ProjectTypeId);",
      "export const to = screenTo('deep-dive');",
      '',
    ].join('\n');
    expect(await restricted(code, 'apps/web/src/features/example/Example.tsx')).toEqual([]);
  });
});
