import { describe, expect, it } from 'vitest';
import { bubbleSize, clampRing } from './world.ts';

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
});
