import { describe, expect, it } from 'vitest';
import { PROVINCIAL_UNITS } from '@health/contract';
import chinaGeoJson from 'china-geojson/src/geojson/china.json';

interface Feature {
  properties: { name: string };
  geometry: { type: string; coordinates: unknown };
}

/** Every [lng, lat] of a geometry's rings. */
function points(coordinates: unknown): [number, number][] {
  if (Array.isArray(coordinates) && typeof coordinates[0] === 'number')
    return [coordinates as [number, number]];
  return (coordinates as unknown[]).flatMap(points);
}

function box(feature: Feature) {
  const all = points(feature.geometry.coordinates);
  return {
    west: Math.min(...all.map((p) => p[0])),
    east: Math.max(...all.map((p) => p[0])),
    south: Math.min(...all.map((p) => p[1])),
    north: Math.max(...all.map((p) => p[1])),
  };
}

describe("the large screen's China map data", () => {
  const features = (chinaGeoJson as { features: Feature[] }).features;
  const byName = new Map(features.map((f) => [f.properties.name, f]));

  it('has the 34 provincial units by the names the snapshot uses, and 南海诸岛', () => {
    expect(features.map((f) => f.properties.name).sort()).toEqual(
      [...PROVINCIAL_UNITS, '南海诸岛'].sort(),
    );
  });

  it('draws 南海诸岛 as an inset to the lower right of the mainland, not over it', () => {
    const inset = box(byName.get('南海诸岛')!);
    const hainan = box(byName.get('海南')!);
    const taiwan = box(byName.get('台湾')!);
    // East of Taiwan (an inset, not the islands' true place south of Hainan)…
    expect(inset.west).toBeGreaterThan(taiwan.east);
    // …and in the south of the map.
    expect(inset.north).toBeLessThan(box(byName.get('黑龙江')!).south);
    expect(inset.south).toBeGreaterThan(hainan.south - 5);
  });
});
