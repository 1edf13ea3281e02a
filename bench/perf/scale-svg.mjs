// The scale curve's plot as SVG text (no plotting dependency): panels side by side, each
// with files on a log x axis and its measure on a log y axis, one polyline with dots per
// series, and an optional dashed reference line of slope 1 (time or size proportional to
// files) through one point, so "no worse than linear" reads as "not steeper than the dashes".

const PANEL = { width: 360, height: 300, left: 58, right: 12, top: 34, bottom: 64 };
const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b'];

/**
 * panels: [{ title, yLabel, series: [{ name, points: [[files, value], …], dashed? }],
 *            reference?: { through: [files, value], label } }]
 * Values ≤ 0 or missing are left out. Returns the SVG document as a string.
 */
export function scaleSvg(panels, { title = '' } = {}) {
  const width = PANEL.width * panels.length;
  const legendRows = Math.max(...panels.map((p) => p.series.length + (p.reference ? 1 : 0)));
  const height = PANEL.height + 22 + legendRows * 15;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    `<text x="${width / 2}" y="16" text-anchor="middle" font-size="13" font-weight="bold">${escapeXml(title)}</text>`,
  ];
  panels.forEach((panel, i) => parts.push(panelSvg(panel, i * PANEL.width, 8)));
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

function panelSvg(panel, x0, y0) {
  const plot = {
    x: x0 + PANEL.left,
    y: y0 + PANEL.top,
    w: PANEL.width - PANEL.left - PANEL.right,
    h: PANEL.height - PANEL.top - PANEL.bottom,
  };
  const series = panel.series.map((s) => ({
    ...s,
    points: s.points.filter(([x, y]) => x > 0 && y > 0 && Number.isFinite(y)),
  }));
  const xs = series.flatMap((s) => s.points.map((p) => p[0]));
  const ys = series.flatMap((s) => s.points.map((p) => p[1]));
  if (xs.length === 0)
    return `<text x="${x0 + PANEL.width / 2}" y="${y0 + PANEL.height / 2}" text-anchor="middle">${escapeXml(panel.title)}: no data</text>`;
  const xr = logRange(Math.min(...xs), Math.max(...xs));
  const yr = logRange(Math.min(...ys), Math.max(...ys));
  const sx = (v) => plot.x + ((Math.log10(v) - xr[0]) / (xr[1] - xr[0])) * plot.w;
  const sy = (v) => plot.y + plot.h - ((Math.log10(v) - yr[0]) / (yr[1] - yr[0])) * plot.h;
  const out = [
    `<g>`,
    `<text x="${x0 + PANEL.width / 2}" y="${y0 + PANEL.top - 10}" text-anchor="middle" font-weight="bold">${escapeXml(panel.title)}</text>`,
  ];
  out.push(`<rect x="${plot.x}" y="${plot.y}" width="${plot.w}" height="${plot.h}" fill="none" stroke="#444"/>`);
  for (const t of logTicks(xr)) {
    const x = sx(t.value);
    out.push(`<line x1="${f(x)}" y1="${plot.y}" x2="${f(x)}" y2="${plot.y + plot.h}" stroke="#ddd"/>`);
    if (t.label) out.push(`<text x="${f(x)}" y="${plot.y + plot.h + 14}" text-anchor="middle">${t.label}</text>`);
  }
  for (const t of logTicks(yr)) {
    const y = sy(t.value);
    out.push(`<line x1="${plot.x}" y1="${f(y)}" x2="${plot.x + plot.w}" y2="${f(y)}" stroke="#ddd"/>`);
    if (t.label) out.push(`<text x="${plot.x - 4}" y="${f(y + 4)}" text-anchor="end">${t.label}</text>`);
  }
  out.push(`<text x="${plot.x + plot.w / 2}" y="${plot.y + plot.h + 30}" text-anchor="middle">files (log)</text>`);
  out.push(
    `<text transform="translate(${x0 + 14} ${plot.y + plot.h / 2}) rotate(-90)" text-anchor="middle">${escapeXml(panel.yLabel)} (log)</text>`,
  );
  const legend = [];
  if (panel.reference) {
    const [rx, ry] = panel.reference.through;
    // y = ry * x / rx over the x range, clipped to the plot by a clip path
    const clip = `clip${Math.round(x0)}`;
    out.push(
      `<clipPath id="${clip}"><rect x="${plot.x}" y="${plot.y}" width="${plot.w}" height="${plot.h}"/></clipPath>`,
    );
    const a = 10 ** xr[0];
    const b = 10 ** xr[1];
    out.push(
      `<line x1="${f(sx(a))}" y1="${f(sy(ry * (a / rx)))}" x2="${f(sx(b))}" y2="${f(sy(ry * (b / rx)))}" stroke="#888" stroke-dasharray="5 4" clip-path="url(#${clip})"/>`,
    );
    legend.push({ name: panel.reference.label, color: '#888', dashed: true });
  }
  series.forEach((s, k) => {
    const color = s.color ?? COLORS[k % COLORS.length];
    const pts = s.points.map(([x, y]) => `${f(sx(x))},${f(sy(y))}`);
    if (pts.length > 1)
      out.push(
        `<polyline points="${pts.join(' ')}" fill="none" stroke="${color}" stroke-width="2"${s.dashed ? ' stroke-dasharray="2 3"' : ''}/>`,
      );
    for (const p of pts) {
      const [cx, cy] = p.split(',');
      out.push(`<circle cx="${cx}" cy="${cy}" r="3" fill="${color}"/>`);
    }
    legend.push({ name: s.name, color, dashed: s.dashed });
  });
  legend.forEach((l, k) => {
    const y = y0 + PANEL.height + k * 15;
    out.push(
      `<line x1="${plot.x}" y1="${y - 4}" x2="${plot.x + 22}" y2="${y - 4}" stroke="${l.color}" stroke-width="2"${l.dashed ? ' stroke-dasharray="5 4"' : ''}/>`,
    );
    out.push(`<text x="${plot.x + 28}" y="${y}">${escapeXml(l.name)}</text>`);
  });
  out.push('</g>');
  return out.join('\n');
}

/** log10 bounds around [min, max], a tenth of a decade beyond each end (at least half a decade wide). */
export function logRange(min, max) {
  let lo = Math.log10(min) - 0.1;
  let hi = Math.log10(max) + 0.1;
  if (hi - lo < 0.5) {
    const mid = (lo + hi) / 2;
    lo = mid - 0.25;
    hi = mid + 0.25;
  }
  return [lo, hi];
}

/** Ticks at 1, 2 and 5 per decade inside a log10 range; labels on all of them when the range spans at most two decades, else on the powers of ten. */
export function logTicks([lo, hi]) {
  const ticks = [];
  for (let d = Math.floor(lo); d <= Math.ceil(hi); d++) {
    for (const m of [1, 2, 5]) {
      const value = m * 10 ** d;
      const at = Math.log10(value);
      if (at < lo - 1e-9 || at > hi + 1e-9) continue;
      ticks.push({ value, label: m === 1 || hi - lo <= 2 ? formatNumber(value) : '' });
    }
  }
  return ticks;
}

/** 1500 → "1.5k", 100000 → "100k", 0.05 → "0.05". */
export function formatNumber(v) {
  if (v >= 1e6) return `${trim(v / 1e6)}M`;
  if (v >= 1e3) return `${trim(v / 1e3)}k`;
  return trim(v);
}

function trim(v) {
  return String(Number(v.toPrecision(3)));
}

function f(v) {
  return v.toFixed(1);
}

function escapeXml(text) {
  return String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
