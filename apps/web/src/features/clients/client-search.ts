import type { Client } from '@listening/contract';

/** Search by name or id: a case-insensitive part of the name, or the id's digits. */
export function filterClients(clients: readonly Client[], search: string): Client[] {
  const q = search.trim().toLowerCase();
  const sorted = [...clients].sort((a, b) => a.Name.localeCompare(b.Name));
  if (!q) return sorted;
  return sorted.filter((c) => c.Name.toLowerCase().includes(q) || String(c.Id).includes(q));
}

/** One page of a list (1-based), with the number of pages (at least 1). */
export function pageOf<T>(items: readonly T[], page: number, pageSize: number): { items: T[]; pages: number; page: number } {
  const pages = Math.max(1, Math.ceil(items.length / pageSize));
  const current = Math.min(Math.max(1, page), pages);
  return { items: items.slice((current - 1) * pageSize, current * pageSize), pages, page: current };
}
