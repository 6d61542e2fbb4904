/**
 * Point keys arrive as `YYYY-MM-DD` or `YYYY-MM-DD HH:00`; the axis drops what every point
 * shares (the year always, the date when the chart is one day).
 */
export function axisLabels(keys: readonly string[]): string[] {
  const days = new Set(keys.map((k) => k.slice(0, 10)));
  return keys.map((key) => {
    const hour = key.length > 10 ? key.slice(11) : '';
    if (!hour) return key.slice(5);
    return days.size === 1 ? hour : `${key.slice(5, 10)} ${hour}`;
  });
}
