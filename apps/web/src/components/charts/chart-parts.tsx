import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { usePageStyleStore } from '../../stores/page-style';
import './svg-chart.css';

/**
 * What the SVG charts share: the box's width (sidebar toggles, phone rotation and kept-alive pages
 * coming back from `hidden` all redraw the chart), the colours of the light and dark themes, the
 * legend and the tooltip.
 */
export function useBoxWidth<T extends HTMLElement>() {
  const box = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => {
      if (element.clientWidth > 0) setWidth(element.clientWidth);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { box, width };
}

/** Axis, grid and label colours (echarts' defaults and its dark theme's). */
export function useChartTheme() {
  const dark = usePageStyleStore((s) => s.dark);
  return dark
    ? { axis: '#b9b8ce', grid: '#484753', line: '#6e7079', pointer: 'rgba(255,255,255,0.08)', dark }
    : { axis: '#6e7079', grid: '#e0e6f1', line: '#6e7079', pointer: 'rgba(150,150,150,0.12)', dark };
}

export interface LegendItem {
  name: string;
  color: string;
  dashed?: boolean;
  /** A square (the slices of a pie) instead of a line. */
  box?: boolean;
  off?: boolean;
}

/** Names and colours of the series; a click hides or shows one (as echarts' legend did). */
export function ChartLegend({ items, onToggle }: { items: LegendItem[]; onToggle?: (name: string) => void }) {
  return (
    <div className="svg-chart-legend">
      {items.map((item) => (
        <button
          key={item.name}
          type="button"
          className={item.off ? 'is-off' : undefined}
          aria-pressed={!item.off}
          onClick={() => onToggle?.(item.name)}
          disabled={!onToggle}
        >
          <span
            className={`svg-chart-mark${item.dashed ? ' is-dashed' : ''}${item.box ? ' is-box' : ''}`}
            style={{ borderColor: item.color, background: item.dashed ? undefined : item.color }}
          />
          {item.name}
        </button>
      ))}
    </div>
  );
}

export interface TooltipState {
  x: number;
  y: number;
  title?: string;
  rows: { name: string; color: string; value: string }[];
}

/** The box next to the pointer with the values under it, kept inside the chart. */
export function ChartTooltip({ tip, width }: { tip: TooltipState | null; width: number }): ReactNode {
  if (!tip) return null;
  const left = tip.x > width / 2 ? undefined : tip.x + 14;
  const right = tip.x > width / 2 ? width - tip.x + 14 : undefined;
  return (
    <div className="svg-chart-tooltip" style={{ left, right, top: Math.max(0, tip.y - 10) }} role="status">
      {tip.title ? <div className="svg-chart-tooltip-title">{tip.title}</div> : null}
      {tip.rows.map((row) => (
        <div key={row.name} className="svg-chart-tooltip-row">
          <span className="svg-chart-dot" style={{ background: row.color }} />
          <span className="svg-chart-tooltip-name">{row.name}</span>
          <b>{row.value}</b>
        </div>
      ))}
    </div>
  );
}
