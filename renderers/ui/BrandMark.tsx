/** The Nivesh brand logo (an icon only, no business behaviour). */
export function BrandMark({ size = 48 }: { size?: number }) {
  return (
    <svg className="brand-mark" width={size} height={size} viewBox="0 0 64 64" role="img" aria-label="Nivesh">
      <rect width="64" height="64" rx="18" fill="var(--brand)" />
      <path d="M16 44V20h6l14 16V20h6v24h-6L22 28v16z" fill="#fff" />
      <circle cx="48" cy="16" r="5" fill="var(--accent)" />
    </svg>
  );
}
