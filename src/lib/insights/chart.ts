/**
 * The daily trend of /staff/insights as SVG drawn on the server: no script, no library, readable without colour
 * (each line has its own dash pattern and a label at its end). The page puts the same numbers in a table; the
 * SVG is an image with a title and a description saying so.
 */
export interface Series {
  label: string;
  values: number[];
  dash: string;
}

const W = 720;
const H = 240;
const PAD = { left: 44, right: 150, top: 14, bottom: 30 };

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** A line chart of `series` over `days` (YYYY-MM-DD, oldest first), as an SVG element. */
export function trendSvg(days: string[], series: Series[], { id, title }: { id: string; title: string }): string {
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const step = Math.max(1, niceStep(max)); // counts are whole numbers
  const top = Math.ceil(max / step) * step;
  const x = (i: number) => PAD.left + (days.length <= 1 ? 0 : (i * (W - PAD.left - PAD.right)) / (days.length - 1));
  const y = (v: number) => PAD.top + (H - PAD.top - PAD.bottom) * (1 - v / top);
  const grid: string[] = [];
  for (let v = 0; v <= top; v += step) {
    grid.push(
      `<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${y(v)}" y2="${y(v)}" class="grid"/>`,
      `<text x="${PAD.left - 6}" y="${y(v) + 4}" text-anchor="end">${v}</text>`,
    );
  }
  const ticks = days
    .map((d, i) => ({ d, i }))
    .filter(({ i }) => i === 0 || i === days.length - 1 || i % Math.ceil(days.length / 6) === 0)
    .map(({ d, i }) => `<text x="${x(i)}" y="${H - 8}" text-anchor="middle">${d.slice(5)}</text>`);
  const lines = series.map((s) => {
    const points = s.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
    const last = s.values.at(-1) ?? 0;
    return (
      `<polyline points="${points}" stroke-dasharray="${s.dash}"/>` +
      `<text x="${W - PAD.right + 8}" y="${y(last) + 4}">${escape(s.label)} (${last})</text>`
    );
  });
  const desc =
    `${series.map((s) => `${s.label}: ${s.values.reduce((a, b) => a + b, 0)} in total`).join('; ')}, ` +
    `from ${days[0]} to ${days.at(-1)}. The table below gives each day's numbers.`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="${id}-title ${id}-desc" class="trend-chart">` +
    `<title id="${id}-title">${escape(title)}</title><desc id="${id}-desc">${escape(desc)}</desc>` +
    `<g aria-hidden="true">${grid.join('')}${ticks.join('')}${lines.join('')}</g></svg>`
  );
}

/** 1, 2 or 5 times a power of ten, so that about four grid lines cover `max`. */
function niceStep(max: number): number {
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? power * 10;
}
