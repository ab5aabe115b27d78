/** Loading placeholder rows with a shimmer (no layout shift when content arrives). */
export function Skeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="skeleton" aria-busy="true" aria-live="polite">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="skeleton-row" style={{ width: `${92 - ((index * 17) % 40)}%` }} />
      ))}
    </div>
  );
}
