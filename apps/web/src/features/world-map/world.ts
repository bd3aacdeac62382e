// The world's countries for ECharts, from the Natural Earth shapes that ship in the world-atlas
// package (TopoJSON, 1:110m): no tile server, nothing fetched. Each shape is named by its ISO
// 3166-1 numeric code, as the server's answer names countries (IsoNumeric), so data and shapes
// meet whatever the countries are called. Antarctica is left out: nobody posts from it and it
// takes a fifth of the map.
import { MapChart, ScatterChart } from 'echarts/charts';
import { GeoComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import atlas from 'world-atlas/countries-110m.json';
import { CHART_MIN_INTERVAL, type WorldMapCountries, type WorldMapPlace } from '@listening/contract';
import type { EChartOption } from '../../ui/charts/EChart.tsx';
import { html } from '../../ui/html.ts';

echarts.use([MapChart, ScatterChart, GeoComponent]);

export const WORLD_MAP = 'world';
const ANTARCTICA = '010';

type Ring = [number, number][];

/**
 * ECharts draws on a flat plane: a ring that crosses the antimeridian (Fiji, Russia's far east)
 * would be drawn as a band across the whole map. Its points on the other side are held at the
 * edge (±180°) instead.
 */
export function clampRing(ring: Ring): Ring {
  if (!ring.some((p, i) => i > 0 && Math.abs(p[0] - ring[i - 1][0]) > 180)) return ring;
  const east = ring.filter((p) => p[0] > 0).length >= ring.length / 2;
  return ring.map(([lon, lat]) => [east && lon < -90 ? 180 : !east && lon > 90 ? -180 : lon, lat]);
}

function clampGeometry(g: GeoJSON.Geometry): GeoJSON.Geometry {
  if (g.type === 'Polygon') return { ...g, coordinates: g.coordinates.map((r) => clampRing(r as Ring)) };
  if (g.type === 'MultiPolygon') return { ...g, coordinates: g.coordinates.map((p) => p.map((r) => clampRing(r as Ring))) };
  return g;
}

let registered = false;
/** Registers the world's shapes with ECharts once. */
export function registerWorld(): void {
  if (registered) return;
  const topology = atlas as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>;
  const world = feature(topology, topology.objects.countries);
  const features = world.features
    .filter((f) => f.id !== ANTARCTICA && f.id !== undefined)
    .map((f) => ({ ...f, geometry: clampGeometry(f.geometry), properties: { name: String(f.id), title: f.properties?.name ?? '' } }));
  echarts.registerMap(WORLD_MAP, { type: 'FeatureCollection', features } as unknown as Parameters<typeof echarts.registerMap>[1]);
  registered = true;
}

/**
 * The country a click on the map opens: a country's shape, or a place's bubble (which opens its
 * country, as the country itself would). The bubble's data carries only the country's code, so
 * its name comes from the countries' list (the code when the list does not name it).
 */
export function clickedCountry(data: unknown, countries: readonly { CountryCode: string; Name: string }[]): { code: string; name: string } | null {
  const d = data as { code?: unknown; title?: unknown } | null | undefined;
  if (!d || typeof d.code !== 'string' || !d.code) return null;
  const code = d.code;
  const name = typeof d.title === 'string' && d.title ? d.title : (countries.find((c) => c.CountryCode === code)?.Name ?? code);
  return { code, name };
}

/** Bubble size of a place: grows with the square root of its posts, from 6 px to `largest`. */
export const bubbleSize = (count: number, max: number, largest = 34) => 6 + (largest - 6) * Math.sqrt(count / Math.max(1, max));

/** `compact`: a phone's width, where the legend gives way to the map and bubbles are smaller. */
export function worldOption(data: WorldMapCountries, places: WorldMapPlace[], compact = false): EChartOption {
  const max = Math.max(1, ...data.Countries.map((c) => c.Count));
  const maxPlace = Math.max(1, ...places.map((p) => p.Count));
  return {
    tooltip: {
      trigger: 'item',
      formatter: (p: { seriesType: string; data?: { title?: string; value?: number | number[]; place?: string } }) => {
        if (p.seriesType === 'scatter') return html`${p.data?.place}: ${(p.data?.value as number[])[2].toLocaleString('en-US')} posts`;
        return p.data?.title ? html`${p.data.title}: ${(p.data.value as number).toLocaleString('en-US')} posts` : '';
      },
    },
    visualMap: {
      type: 'continuous',
      show: !compact,
      min: 0,
      max,
      seriesIndex: 0,
      left: 8,
      bottom: 8,
      itemHeight: 90,
      text: ['More', 'Fewer'],
      calculable: false,
      inRange: { color: ['#d0ebff', '#1864ab'] },
      precision: 0,
      minInterval: CHART_MIN_INTERVAL,
    },
    geo: {
      map: WORLD_MAP,
      roam: true,
      top: compact ? 8 : 24,
      bottom: compact ? 8 : 24,
      scaleLimit: { min: 1, max: 12 },
      itemStyle: { areaColor: '#f1f3f5', borderColor: '#adb5bd', borderWidth: 0.5 },
      emphasis: { label: { show: false }, itemStyle: { areaColor: '#ffd43b' } },
      select: { disabled: true },
      label: { show: false },
    },
    series: [
      {
        type: 'map',
        geoIndex: 0,
        data: data.Countries.map((c) => ({ name: c.IsoNumeric, value: c.Count, title: c.Name, code: c.CountryCode })),
      },
      {
        type: 'scatter',
        coordinateSystem: 'geo',
        itemStyle: { color: '#f76707', borderColor: '#fff', borderWidth: 1, opacity: 0.85 },
        symbolSize: (v: number[]) => bubbleSize(v[2], maxPlace, compact ? 18 : 34),
        data: places.map((p) => ({ name: p.Place, value: [p.Longitude, p.Latitude, p.Count], place: p.Place, code: p.CountryCode })),
      },
    ],
  };
}
