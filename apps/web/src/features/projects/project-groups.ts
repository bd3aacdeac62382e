import { PROJECT_TYPE_LABELS, type Project } from '@listening/contract';

export interface ProjectGroup {
  typeId: number;
  label: string;
  projects: Project[];
}

export const projectTypeLabel = (project: Pick<Project, 'ProjectTypeId' | 'ProjectType'>): string =>
  PROJECT_TYPE_LABELS[project.ProjectTypeId] ?? (project.ProjectType || `Type ${project.ProjectTypeId}`);

/** Sections by project type in type order, each sorted by description, narrowed by a search. */
export function groupProjects(projects: readonly Project[], search = ''): ProjectGroup[] {
  const q = search.trim().toLowerCase();
  const shown = q ? projects.filter((p) => p.Description.toLowerCase().includes(q) || String(p.Id).includes(q)) : projects;
  const groups = new Map<number, ProjectGroup>();
  for (const p of shown) {
    const group = groups.get(p.ProjectTypeId) ?? { typeId: p.ProjectTypeId, label: projectTypeLabel(p), projects: [] };
    group.projects.push(p);
    groups.set(p.ProjectTypeId, group);
  }
  return [...groups.values()]
    .sort((a, b) => a.typeId - b.typeId)
    .map((g) => ({ ...g, projects: g.projects.sort((a, b) => a.Description.localeCompare(b.Description, undefined, { sensitivity: 'base' })) }));
}
