import { type PointerEvent, useState } from 'react';
import { ChartLegend, ChartTooltip, type TooltipState, useBoxWidth, useChartTheme } from './chart-parts';
import { niceTicks, PALETTE, type Point, runs, smoothPath, textWidth } from './scale';

export interface AxisSeries {
  name: string;
  values: (number | null)[];
  /** The previous period's line: dashed and lighter, without an area. */
  dashed?: boolean;
  color?: string;
}

/**
 * Lines or columns over categories (hours, days), drawn as SVG: the few kilobytes this takes
 * replace the 150 KB of echarts that the console, the overview and the queue monitor loaded
 * before their first screen (issue 29 §8). Looks as echarts drew them: smooth lines with a light
 * area, a dashed line for the previous period, stacked columns, an axis pointer with a tooltip.
 */
export function AxisChart({
  kind,
  categories,
  series,
  height,
  testId,
  format = String,
  legend = false,
  stacked = false,
  minInterval,
  barMaxWidth = 14,
  symbols,
}: {
  kind: 'line' | 'bar';
  categories: string[];
  series: AxisSeries[];
  height: number;
  testId?: string;
  format?: (value: number) => string;
  legend?: boolean;
  stacked?: boolean;
  minInterval?: number;
  barMaxWidth?: number;
  /** Dots on the line's points; by default when there are at most 31 of them. */
  symbols?: boolean;
}) {
  const { box, width } = useBoxWidth<HTMLDivElement>();
  const theme = useChartTheme();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [tip, setTip] = useState<TooltipState | null>(null);
  const colored = series.map((s, i) => ({ ...s, color: s.color ?? (PALETTE[i % PALETTE.length] as string) }));
  const shown = colored.filter((s) => !hidden.has(s.name));

  const n = categories.length;
  const max = stacked
    ? Math.max(0, ...categories.map((_, i) => shown.reduce((sum, s) => sum + (s.values[i] ?? 0), 0)))
    : Math.max(0, ...shown.flatMap((s) => s.values.map((v) => v ?? 0)));
  const ticks = niceTicks(max, minInterval);
  const top = ticks[ticks.length - 1] as number;
  const tickLabels = ticks.map(format);
  const svgHeight = height - (legend ? 28 : 0);
  const plot = {
    left: 8 + Math.max(...tickLabels.map((l) => textWidth(l))) + 8,
    right: width - 16,
    top: 12,
    bottom: svgHeight - 24,
  };
  const plotWidth = Math.max(1, plot.right - plot.left);
  const band = plotWidth / Math.max(1, n);
  const x = (i: number) =>
    kind === 'bar'
      ? plot.left + band * (i + 0.5)
      : plot.left + (n > 1 ? (plotWidth * i) / (n - 1) : plotWidth / 2);
  const y = (v: number) => plot.top + (plot.bottom - plot.top) * (1 - v / top);
  const labelEvery = Math.max(
    1,
    Math.ceil(((Math.max(0, ...categories.map((c) => textWidth(c))) + 10) * n) / plotWidth),
  );

  const pick = (event: PointerEvent<SVGRectElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const px = event.clientX - rect.left;
    const index = kind === 'bar' ? Math.floor(px / band) : n > 1 ? Math.round((px / plotWidth) * (n - 1)) : 0;
    const i = Math.min(n - 1, Math.max(0, index));
    setTip({
      x: x(i),
      y: event.clientY - rect.top + plot.top,
      title: categories[i],
      rows: shown.map((s) => ({
        name: s.name,
        color: s.color,
        value: s.values[i] === null || s.values[i] === undefined ? '-' : format(s.values[i] as number),
      })),
    });
  };
  const active = tip ? categories.indexOf(tip.title ?? '') : -1;
  const toggle = (name: string) =>
    setHidden((was) => {
      const next = new Set(was);
      if (!next.delete(name)) next.add(name);
      return next;
    });

  return (
    <div ref={box} className="svg-chart" style={{ height }} data-testid={testId}>
      {legend ? (
        <ChartLegend
          items={colored.map((s) => ({
            name: s.name,
            color: s.color,
            dashed: s.dashed,
            box: kind === 'bar',
            off: hidden.has(s.name),
          }))}
          onToggle={toggle}
        />
      ) : null}
      {width > 0 ? (
        <svg width={width} height={svgHeight} role="img" aria-label={series.map((s) => s.name).join(', ')}>
          {ticks.map((tick, i) => (
            <g key={tick}>
              <line
                x1={plot.left}
                x2={plot.right}
                y1={y(tick)}
                y2={y(tick)}
                stroke={i === 0 ? theme.line : theme.grid}
              />
              <text x={plot.left - 8} y={y(tick)} dy="0.35em" textAnchor="end" fill={theme.axis}>
                {tickLabels[i]}
              </text>
            </g>
          ))}
          {categories.map((c, i) =>
            i % labelEvery === 0 ? (
              <text key={c} x={x(i)} y={plot.bottom + 16} textAnchor="middle" fill={theme.axis}>
                {c}
              </text>
            ) : null,
          )}
          {active >= 0 && kind === 'bar' ? (
            <rect
              x={x(active) - band / 2}
              y={plot.top}
              width={band}
              height={plot.bottom - plot.top}
              fill={theme.pointer}
            />
          ) : null}
          {active >= 0 && kind === 'line' ? (
            <line
              x1={x(active)}
              x2={x(active)}
              y1={plot.top}
              y2={plot.bottom}
              stroke={theme.axis}
              strokeDasharray="4 3"
            />
          ) : null}
          {kind === 'bar' ? bars() : lines()}
          <rect
            x={plot.left}
            y={plot.top}
            width={plotWidth}
            height={Math.max(0, plot.bottom - plot.top)}
            fill="transparent"
            onPointerMove={pick}
            onPointerDown={pick}
            onPointerLeave={() => setTip(null)}
          />
        </svg>
      ) : null}
      <ChartTooltip tip={tip} width={width} />
    </div>
  );

  function bars() {
    const groups = stacked ? 1 : Math.max(1, shown.length);
    const barWidth = Math.min(barMaxWidth, (band * 0.6) / groups);
    const base = categories.map(() => 0);
    return shown.map((s, si) => (
      <g key={s.name} fill={s.color}>
        {s.values.map((v, i) => {
          if (!v) return null;
          const from = stacked ? (base[i] as number) : 0;
          if (stacked) base[i] = from + v;
          const left = x(i) - (barWidth * groups) / 2 + (stacked ? 0 : si * barWidth);
          return (
            <rect
              key={categories[i]}
              x={left}
              y={y(from + v)}
              width={barWidth}
              height={y(from) - y(from + v)}
            />
          );
        })}
      </g>
    ));
  }

  function lines() {
    const dots = symbols ?? n <= 31;
    return shown.map((s) =>
      runs(s.values).map((run) => {
        const points: Point[] = run.map(({ index, value }) => [x(index), y(value)]);
        const line = smoothPath(points);
        const [first] = points as [Point];
        const last = points[points.length - 1] as Point;
        return (
          <g key={`${s.name}-${run[0]?.index}`}>
            {s.dashed ? null : (
              <path
                d={`${line}L${last[0]},${plot.bottom}L${first[0]},${plot.bottom}Z`}
                fill={s.color}
                opacity={0.08}
              />
            )}
            <path
              d={line}
              fill="none"
              stroke={s.color}
              strokeWidth={2}
              strokeDasharray={s.dashed ? '5 5' : undefined}
              opacity={s.dashed ? 0.7 : 1}
            />
            {dots || points.length === 1
              ? points.map(([px, py]) => (
                  <circle
                    key={px}
                    cx={px}
                    cy={py}
                    r={2.5}
                    fill={theme.dark ? '#141414' : '#fff'}
                    stroke={s.color}
                    strokeWidth={1.5}
                  />
                ))
              : null}
          </g>
        );
      }),
    );
  }
}
