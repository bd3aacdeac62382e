import { describe, expect, it } from 'vitest';
import { countryName, isoNumeric, locatePost, resolvePlace } from './places.ts';

describe('resolvePlace', () => {
  it('finds a city and its country in a profile location, however it is written', () => {
    expect(resolvePlace('Cape Town, South Africa')).toMatchObject({ countryCode: 'ZA', place: 'Cape Town' });
    expect(resolvePlace('Joburg 🇿🇦')).toMatchObject({ countryCode: 'ZA', place: 'Johannesburg' });
    expect(resolvePlace('Sandton')).toMatchObject({ countryCode: 'ZA', place: 'Johannesburg' });
    expect(resolvePlace('durban')?.latitude).toBeCloseTo(-29.86, 1);
  });

  it('takes the city of the named country when several share a name', () => {
    expect(resolvePlace('London')?.countryCode).toBe('GB');
    expect(resolvePlace('London, Canada')?.countryCode).toBe('CA');
    expect(resolvePlace('East London, Eastern Cape, SA')).toMatchObject({ countryCode: 'ZA', place: 'East London' });
  });

  it('answers a country alone when no city is named, and null for text that names no place', () => {
    expect(resolvePlace('Mzansi')).toEqual({ countryCode: 'ZA', place: null, latitude: null, longitude: null });
    expect(resolvePlace('ZA')?.countryCode).toBe('ZA');
    expect(resolvePlace('🇰🇪')?.countryCode).toBe('KE');
    expect(resolvePlace('living my best life')).toBeNull();
    expect(resolvePlace('')).toBeNull();
    expect(resolvePlace(null)).toBeNull();
  });
});

describe('locatePost', () => {
  it("prefers the post's own place, then its country, then the author's profile", () => {
    expect(locatePost({ location: 'Durban', author: { location: 'Lagos' } })?.place).toBe('Durban');
    expect(locatePost({ country: 'KE', author: { location: 'Nairobi' } })).toMatchObject({ countryCode: 'KE', place: 'Nairobi' });
    // A country from the network outranks an author who says they live elsewhere.
    expect(locatePost({ country: 'ZA', author: { location: 'Lagos, Nigeria' } })).toMatchObject({ countryCode: 'ZA', place: null });
    expect(locatePost({ author: { location: 'Windhoek' } })?.countryCode).toBe('NA');
    expect(locatePost({})).toBeNull();
  });
});

it('names countries and gives the numeric codes the world map is keyed by', () => {
  expect(isoNumeric('ZA')).toBe('710');
  expect(countryName('ZA')).toBe('South Africa');
});
