import * as echarts from 'echarts/core';
// Map data: the npm package china-geojson 1.0.0 (AntV, github.com/antvis/china-geojson, MIT
// licence as its package.json states; see docs/statistics.md "The large screen's map"). Its
// china.json has the 34 provincial units by their short names (台湾, 香港, 澳门 included) and
// 南海诸岛 as an inset drawn to the lower right of the mainland. It is served as a file of its own
// and fetched when a map is first drawn: 340 KB of data kept out of the screen's JavaScript.
import chinaMapUrl from 'china-geojson/src/geojson/china.json?url';

/**
 * The name the map is registered under. Not 'china': ECharts adds its own rough South China Sea
 * box to a map registered as 'china', on top of the data's inset.
 */
export const CHINA_MAP = 'health-china';

let loading: Promise<void> | null = null;

export const chinaMapReady = (): boolean => echarts.getMap(CHINA_MAP) !== undefined;

/** Fetch and register the map once (a failed fetch is tried again on the next call). */
export function loadChinaMap(): Promise<void> {
  loading ??= fetch(chinaMapUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`map data: HTTP ${response.status}`);
      return response.json() as Promise<Parameters<typeof echarts.registerMap>[1]>;
    })
    .then((geoJson) => echarts.registerMap(CHINA_MAP, geoJson))
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
