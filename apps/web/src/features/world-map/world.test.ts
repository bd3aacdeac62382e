import { describe, expect, it } from 'vitest';
import type { WorldMapCountries } from '@listening/contract';
import { bubbleSize, clampRing, clickedCountry, worldOption } from './world.ts';

describe('world map shapes', () => {
  it('holds a ring that crosses the antimeridian at the edge instead of drawing it across the map', () => {
    expect(
      clampRing([
        [178, -17],
        [179.9, -16],
        [-179.8, -16.5],
        [178, -17],
      ]),
    ).toEqual([
      [178, -17],
      [179.9, -16],
      [180, -16.5],
      [178, -17],
    ]);
    const plain: [number, number][] = [
      [10, 10],
      [20, 10],
      [20, 20],
    ];
    expect(clampRing(plain)).toBe(plain);
  });

  it('sizes place bubbles by the square root of their posts, between 6 and 34 px', () => {
    expect(bubbleSize(0, 100)).toBe(6);
    expect(bubbleSize(100, 100)).toBe(34);
    expect(bubbleSize(25, 100)).toBe(20);
  });

  it("opens a place bubble's country, as a click on the country itself does", () => {
    const countries: WorldMapCountries = {
      Countries: [{ CountryCode: 'ZA', IsoNumeric: '710', Name: 'South Africa', Count: 40, Previous: 30 }],
      Located: { Value: 40, Previous: 30 },
      Unlocated: { Value: 2, Previous: 1 },
    };
    const option = worldOption(countries, [{ Place: 'Cape Town', CountryCode: 'ZA', Latitude: -33.9, Longitude: 18.4, Count: 12 }]);
    const [shapes, bubbles] = option.series as { data: unknown[] }[];
    expect(clickedCountry(shapes.data[0], countries.Countries)).toEqual({ code: 'ZA', name: 'South Africa' });
    expect(clickedCountry(bubbles.data[0], countries.Countries)).toEqual({ code: 'ZA', name: 'South Africa' });
    // A place in a country the list does not name still opens, under its code; a click on no datum opens nothing.
    expect(clickedCountry({ place: 'Gaborone', code: 'BW' }, countries.Countries)).toEqual({ code: 'BW', name: 'BW' });
    expect(clickedCountry(undefined, countries.Countries)).toBeNull();
    expect(clickedCountry({ name: '004' }, countries.Countries)).toBeNull();
  });
});
