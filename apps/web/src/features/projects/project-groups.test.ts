import { describe, expect, it } from 'vitest';
import type { Project } from '@listening/contract';
import { testProject } from '../../test/project.ts';
import { groupProjects } from './project-groups.ts';

const project = (Id: number, Description: string, ProjectTypeId: number): Project =>
  testProject({ Id, Description, ProjectType: '', ProjectTypeId, StreamId: '7,8,9', StartDate: '2026-01-01', BinId: Id * 10 });

describe('groupProjects', () => {
  const projects = [project(1, 'zebra', 5), project(2, 'Apple', 1), project(3, 'banana', 1), project(4, 'Mango', 5)];

  it('groups projects by type in type order and sorts each group by description', () => {
    const groups = groupProjects(projects);
    expect(groups.map((g) => g.typeId)).toEqual([1, 5]);
    expect(groups[0].label).toBe('Brand Monitoring');
    expect(groups[0].projects.map((p) => p.Description)).toEqual(['Apple', 'banana']);
    expect(groups[1].projects.map((p) => p.Description)).toEqual(['Mango', 'zebra']);
  });

  it('keeps only the projects whose description or id matches a search, dropping empty groups', () => {
    expect(groupProjects(projects, 'ANG').map((g) => g.projects.map((p) => p.Id))).toEqual([[4]]);
    expect(groupProjects(projects, '3').map((g) => g.projects.map((p) => p.Id))).toEqual([[3]]);
  });
});
