import { TooltipComponent, type TooltipComponentOption } from 'echarts/components';
import { type ComposeOption, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

/**
 * echarts draws only the map of China now (features/reports/charts/echarts-map.ts adds the map
 * chart): the lines, bars and pies are SVG components of their own (axis-chart.tsx, pie-chart.tsx,
 * hbar-chart.tsx), so the pages a user opens first do not load echarts at all (issue 29 §8).
 */
use([TooltipComponent, CanvasRenderer]);

export type ChartOption = ComposeOption<TooltipComponentOption>;
