import { type EChartsCoreOption, type EChartsType, init } from 'echarts/core';
import { useEffect, useRef } from 'react';
// Registers the chart types and the renderer before any chart is created.
import './echarts-base';
import './echart.css';

/**
 * One echarts instance in a div that follows its container's size: sidebar toggles, phone
 * rotation and kept-alive pages coming back from `hidden` all resize the chart.
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

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const instance = init(element);
    chart.current = instance;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth > 0) instance.resize();
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} className="echart" style={{ height }} data-testid={testId} />;
}
