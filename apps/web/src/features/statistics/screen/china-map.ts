import * as echarts from 'echarts/core';
// Map data: the npm package china-geojson 1.0.0 (AntV, github.com/antvis/china-geojson, MIT
// licence as its package.json states; see docs/statistics.md "The large screen's map"). Its
// china.json has the 34 provincial units by their short names (台湾, 香港, 澳门 included) and
// 南海诸岛 as an inset drawn to the lower right of the mainland.
import chinaGeoJson from 'china-geojson/src/geojson/china.json';

/**
 * The name the map is registered under. Not 'china': ECharts adds its own rough South China Sea
 * box to a map registered as 'china', on top of the data's inset.
 */
export const CHINA_MAP = 'health-china';

let registered = false;

/** Register the map once (charts of the large screen draw it by CHINA_MAP). */
export function registerChinaMap(): void {
  if (registered) return;
  echarts.registerMap(CHINA_MAP, chinaGeoJson as Parameters<typeof echarts.registerMap>[1]);
  registered = true;
}
