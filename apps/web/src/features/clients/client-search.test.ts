import { describe, expect, it } from 'vitest';
import { filterClients, pageOf } from './client-search.ts';

const clients = [
  { Id: 12, Name: 'Umoja Telecom', IsActive: true, TimeZone: 'Africa/Johannesburg' },
  { Id: 3, Name: 'Acme Foods', IsActive: false, TimeZone: 'Africa/Johannesburg' },
  { Id: 40, Name: 'Karoo Bank', IsActive: true, TimeZone: 'Africa/Johannesburg' },
];

describe('filterClients', () => {
  it('sorts by name and finds a client by part of its name, ignoring case', () => {
    expect(filterClients(clients, '').map((c) => c.Id)).toEqual([3, 40, 12]);
    expect(filterClients(clients, 'BANK').map((c) => c.Id)).toEqual([40]);
  });
  it('finds a client by its id', () => {
    expect(filterClients(clients, '4').map((c) => c.Id)).toEqual([40]);
    expect(filterClients(clients, ' 12 ').map((c) => c.Id)).toEqual([12]);
  });
});

describe('pageOf', () => {
  it('cuts pages of the given size and keeps the page number in range', () => {
    const items = Array.from({ length: 30 }, (_, i) => i);
    expect(pageOf(items, 1, 12)).toEqual({ items: items.slice(0, 12), pages: 3, page: 1 });
    expect(pageOf(items, 3, 12).items).toEqual(items.slice(24));
    expect(pageOf(items, 9, 12).page).toBe(3);
    expect(pageOf([], 1, 12)).toEqual({ items: [], pages: 1, page: 1 });
  });
});
