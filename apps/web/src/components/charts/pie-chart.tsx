import { useState } from 'react';
import { ChartLegend, ChartTooltip, type TooltipState, useBoxWidth, useChartTheme } from './chart-parts';
import { PALETTE } from './scale';

export interface Slice {
  name: string;
  value: number;
}

/** Slices thinner than this carry no percentage (echarts' minShowLabelAngle of the old option). */
const MIN_LABEL_ANGLE = (18 * Math.PI) / 180;

/**
 * Shares of a whole as a ring drawn in SVG (source types, engines, new vs returning): names in the
 * legend below, each slice's share inside it, the value in a tooltip.
 */
export function PieChart({
  slices,
  height,
  testId,
  format = String,
}: {
  slices: Slice[];
  height: number;
  testId?: string;
  format?: (value: number) => string;
}) {
  const { box, width } = useBoxWidth<HTMLDivElement>();
  const theme = useChartTheme();
  const [tip, setTip] = useState<TooltipState | null>(null);
  const svgHeight = height - 32;
  const total = slices.reduce((sum, s) => sum + Math.max(0, s.value), 0);
  const cx = width / 2;
  const cy = svgHeight / 2;
  const outer = (Math.min(width, svgHeight) / 2) * 0.92;
  const inner = outer * (40 / 68);
  const colors = slices.map((_, i) => PALETTE[i % PALETTE.length] as string);

  let angle = -Math.PI / 2;
  const arcs = slices.map((slice, i) => {
    const sweep = total > 0 ? (Math.max(0, slice.value) / total) * Math.PI * 2 : 0;
    const start = angle;
    angle += sweep;
    return { slice, color: colors[i] as string, start, sweep };
  });

  return (
    <div ref={box} className="svg-chart" style={{ height }} data-testid={testId}>
      {width > 0 ? (
        <svg width={width} height={svgHeight} role="img" aria-label={slices.map((s) => s.name).join(', ')}>
          {total === 0 ? (
            <circle
              cx={cx}
              cy={cy}
              r={(outer + inner) / 2}
              fill="none"
              stroke={theme.grid}
              strokeWidth={outer - inner}
            />
          ) : null}
          {arcs.map(({ slice, color, start, sweep }) =>
            sweep > 0 ? (
              <path
                key={slice.name}
                d={ring(cx, cy, inner, outer, start, sweep)}
                fillRule="evenodd"
                fill={color}
                stroke={sweep < Math.PI * 2 - 1e-6 ? (theme.dark ? '#141414' : '#fff') : 'none'}
                strokeWidth={1}
                onPointerMove={(event) => {
                  const rect = event.currentTarget.ownerSVGElement?.getBoundingClientRect();
                  setTip({
                    x: event.clientX - (rect?.left ?? 0),
                    y: event.clientY - (rect?.top ?? 0),
                    rows: [
                      {
                        name: slice.name,
                        color,
                        value: `${format(slice.value)} (${percent(slice.value, total)}%)`,
                      },
                    ],
                  });
                }}
                onPointerLeave={() => setTip(null)}
              />
            ) : null,
          )}
          {arcs.map(({ slice, start, sweep }) => {
            if (sweep < MIN_LABEL_ANGLE) return null;
            const mid = start + sweep / 2;
            const r = (inner + outer) / 2;
            return (
              <text
                key={slice.name}
                x={cx + r * Math.cos(mid)}
                y={cy + r * Math.sin(mid)}
                dy="0.35em"
                textAnchor="middle"
                fill="#fff"
                style={{ fontSize: 11, pointerEvents: 'none' }}
              >
                {percent(slice.value, total)}%
              </text>
            );
          })}
        </svg>
      ) : null}
      <ChartLegend items={slices.map((s, i) => ({ name: s.name, color: colors[i] as string, box: true }))} />
      <ChartTooltip tip={tip} width={width} />
    </div>
  );
}

/** Whole percents; two decimals for a sliver below 1 %. */
function percent(value: number, total: number): string {
  const p = (value / total) * 100;
  return p >= 1 || p === 0 ? String(Math.round(p)) : p.toFixed(2);
}

/** A ring's slice; a whole ring is two circles (an SVG arc cannot close on itself), filled even-odd. */
function ring(cx: number, cy: number, r0: number, r1: number, start: number, sweep: number): string {
  if (sweep >= Math.PI * 2 - 1e-6) {
    const circle = (r: number) => `M${cx - r},${cy}a${r},${r} 0 1 0 ${2 * r},0a${r},${r} 0 1 0 ${-2 * r},0Z`;
    return `${circle(r1)}${circle(r0)}`;
  }
  const end = start + sweep;
  const large = sweep > Math.PI ? 1 : 0;
  const at = (r: number, a: number) => `${cx + r * Math.cos(a)},${cy + r * Math.sin(a)}`;
  return `M${at(r1, start)}A${r1},${r1} 0 ${large} 1 ${at(r1, end)}L${at(r0, end)}A${r0},${r0} 0 ${large} 0 ${at(r0, start)}Z`;
}
