import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { hoursChartPng, PV_COLOUR, shortNumber, UV_COLOUR } from './chart.js';
import { last24Hours } from './telegram-reports.js';

/** Width, height and the RGB pixels of a PNG this chart wrote (one IDAT, filter 0 on every row). */
function decode(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const idatAt = png.indexOf('IDAT');
  const rows = inflateSync(png.subarray(idatAt + 4, idatAt + 4 + png.readUInt32BE(idatAt - 4)));
  const pixel = (x: number, y: number) => [...rows.subarray(y * (width * 3 + 1) + 1 + x * 3).subarray(0, 3)];
  return { width, height, pixel };
}

const count = (img: ReturnType<typeof decode>, colour: readonly number[]) => {
  let n = 0;
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++) if (img.pixel(x, y).join() === colour.join()) n++;
  return n;
};

describe('the 24-hour chart', () => {
  it('is a PNG with a PV line above the UV line where PV is higher', () => {
    const points = Array.from({ length: 24 }, (_, i) => ({
      label: String(i).padStart(2, '0'),
      pv: 100 + i * 10,
      uv: 10,
    }));
    const img = decode(hoursChartPng(points));
    expect([img.width, img.height]).toEqual([720, 360]);
    expect(count(img, PV_COLOUR)).toBeGreaterThan(500);
    expect(count(img, UV_COLOUR)).toBeGreaterThan(500);
    // Mid-chart, the blue line is above (smaller y) the green one.
    const column = 380;
    const firstOf = (c: readonly number[]) =>
      Array.from({ length: img.height }, (_, y) => y).find((y) => img.pixel(column, y).join() === c.join());
    expect(firstOf(PV_COLOUR)!).toBeLessThan(firstOf(UV_COLOUR)!);
  });

  it('draws an empty day without dividing by zero: the lines lie along the bottom of the plot', () => {
    const img = decode(hoursChartPng(Array.from({ length: 24 }, () => ({ label: '00', pv: 0, uv: 0 }))));
    // Below the legend (y > 40), inside the plot (x 70–690): only the zero lines can be coloured.
    let onLines = 0;
    for (let y = 40; y < img.height; y++)
      for (let x = 70; x <= 690; x++) {
        const c = img.pixel(x, y).join();
        if (c === PV_COLOUR.join() || c === UV_COLOUR.join()) {
          expect(y, `a line pixel at ${x},${y}`).toBeGreaterThanOrEqual(310);
          onLines++;
        }
      }
    expect(onLines).toBeGreaterThan(600);
  });

  it('shows the 24 hours up to now: yesterday’s after the current hour, then today’s', () => {
    const m = (pv: number) => ({ pv, uv: pv, ip: 0, visits: 0, bounce_rate: 0, avg_duration: 0 });
    const hours = Array.from({ length: 24 }, (_, hour) => ({
      hour,
      today: hour <= 9 ? m(1000 + hour) : null,
      yesterday: m(hour),
    }));
    const points = last24Hours(hours as Parameters<typeof last24Hours>[0]);
    expect(points.map((p) => p.label)).toEqual([
      ...Array.from({ length: 14 }, (_, i) => String(10 + i)),
      ...Array.from({ length: 10 }, (_, i) => `0${i}`),
    ]);
    expect(points[0]!.pv).toBe(10);
    expect(points.at(-1)!.pv).toBe(1009);
  });

  it('keeps axis numbers short', () => {
    expect([shortNumber(950), shortNumber(12_345), shortNumber(2_500_000)]).toEqual(['950', '12.3k', '2.5M']);
  });
});
