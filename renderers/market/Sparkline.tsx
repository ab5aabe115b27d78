/** A tiny line chart of closes (index cards), drawn as an SVG path; no chart library. */
export function Sparkline({ values, baseline, width = 120, height = 36, tone }: { values: number[]; baseline?: number; width?: number; height?: number; tone: 'up' | 'down' | 'flat' }) {
  if (values.length < 2) return <svg className="sparkline" width={width} height={height} aria-hidden="true" />;
  const all = baseline !== undefined ? [...values, baseline] : values;
  const min = Math.min(...all);
  const max = Math.max(...all);
  const span = max - min || 1;
  const x = (i: number) => (i / (values.length - 1)) * width;
  const y = (v: number) => height - 2 - ((v - min) / span) * (height - 4);
  const line = values.map((v, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join('');
  const area = `${line}L${width},${height}L0,${height}Z`;
  return (
    <svg className={`sparkline ${tone}`} width={width} height={height} viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" aria-hidden="true">
      {baseline !== undefined && <line x1="0" x2={width} y1={y(baseline)} y2={y(baseline)} className="sparkline-base" />}
      <path d={area} className="sparkline-area" />
      <path d={line} className="sparkline-line" />
    </svg>
  );
}
