import { useState } from 'react';
import { ChartTooltip, type TooltipState, useBoxWidth, useChartTheme } from './chart-parts';
import type { Slice } from './pie-chart';
import { niceTicks, PALETTE, textWidth } from './scale';

/** Names longer than this are cut with an ellipsis (the full name is in the tooltip). */
const NAME_WIDTH = 120;

/** A top list as horizontal bars drawn in SVG (countries, domains), the first at the top. */
export function HBarChart({
  bars,
  height,
  testId,
  format = String,
}: {
  bars: Slice[];
  height: number;
  testId?: string;
  format?: (value: number) => string;
}) {
  const { box, width } = useBoxWidth<HTMLDivElement>();
  const theme = useChartTheme();
  const [tip, setTip] = useState<TooltipState | null>(null);
  const ticks = niceTicks(Math.max(0, ...bars.map((b) => b.value)), 1);
  const top = ticks[ticks.length - 1] as number;
  const names = bars.map((b) => cut(b.name));
  const plot = {
    left: 8 + Math.max(0, ...names.map((n) => textWidth(n))) + 8,
    right: width - 24,
    top: 8,
    bottom: height - 28,
  };
  const plotWidth = Math.max(1, plot.right - plot.left);
  const band = (plot.bottom - plot.top) / Math.max(1, bars.length);
  const x = (v: number) => plot.left + (plotWidth * v) / top;
  const barHeight = Math.min(18, band * 0.6);
  const color = PALETTE[0] as string;

  return (
    <div ref={box} className="svg-chart" style={{ height }} data-testid={testId}>
      {width > 0 ? (
        <svg width={width} height={height} role="img" aria-label={bars.map((b) => b.name).join(', ')}>
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={x(tick)}
                x2={x(tick)}
                y1={plot.top}
                y2={plot.bottom}
                stroke={tick === 0 ? theme.line : theme.grid}
              />
              <text x={x(tick)} y={plot.bottom + 16} textAnchor="middle" fill={theme.axis}>
                {format(tick)}
              </text>
            </g>
          ))}
          {bars.map((bar, i) => {
            const mid = plot.top + band * (i + 0.5);
            return (
              <g
                key={bar.name}
                onPointerMove={(event) => {
                  const rect = event.currentTarget.ownerSVGElement?.getBoundingClientRect();
                  setTip({
                    x: event.clientX - (rect?.left ?? 0),
                    y: mid,
                    rows: [{ name: bar.name, color, value: format(bar.value) }],
                  });
                }}
                onPointerLeave={() => setTip(null)}
              >
                <rect x={0} y={mid - band / 2} width={width} height={band} fill="transparent" />
                <text x={plot.left - 8} y={mid} dy="0.35em" textAnchor="end" fill={theme.axis}>
                  {names[i]}
                </text>
                <rect
                  x={plot.left}
                  y={mid - barHeight / 2}
                  width={Math.max(0, x(bar.value) - plot.left)}
                  height={barHeight}
                  fill={color}
                />
              </g>
            );
          })}
        </svg>
      ) : null}
      <ChartTooltip tip={tip} width={width} />
    </div>
  );
}

function cut(name: string): string {
  if (textWidth(name) <= NAME_WIDTH) return name;
  let out = '';
  for (const ch of name) {
    if (textWidth(`${out}${ch}…`) > NAME_WIDTH) break;
    out += ch;
  }
  return `${out}…`;
}
