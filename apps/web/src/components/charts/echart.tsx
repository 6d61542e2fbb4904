import { type EChartsCoreOption, type EChartsType, init } from 'echarts/core';
import { useEffect, useRef } from 'react';
import { usePageStyleStore } from '../../stores/page-style';
// Registers the chart types and the renderer before any chart is created.
import './echarts-base';
import './echart.css';

/**
 * One echarts instance in a div that follows its container's size: sidebar toggles, phone
 * rotation and kept-alive pages coming back from `hidden` all resize the chart. In dark mode the
 * instance is made again with echarts' dark theme (light axis labels, legend and tooltip), on a
 * transparent background so the card's own shows through.
 */
export function EChart({
  option,
  height = 300,
  testId,
}: {
  option: EChartsCoreOption;
  height?: number;
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const dark = usePageStyleStore((s) => s.dark);
  const latest = useRef(option);
  latest.current = option;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const instance = init(element, dark ? 'dark' : undefined);
    chart.current = instance;
    instance.setOption({ backgroundColor: 'transparent', ...latest.current }, { notMerge: true });
    const observer = new ResizeObserver(() => {
      if (element.clientWidth > 0) instance.resize();
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [dark]);

  useEffect(() => {
    chart.current?.setOption({ backgroundColor: 'transparent', ...option }, { notMerge: true });
  }, [option]);

  return <div ref={box} className="echart" style={{ height }} data-testid={testId} />;
}
