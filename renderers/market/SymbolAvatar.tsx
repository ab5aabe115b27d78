/** A round tile with a symbol's initials, coloured from the symbol (lists, search results). */
const HUES = [162, 205, 28, 262, 340, 190, 45, 120, 230, 8];

export function SymbolAvatar({ symbol, kind }: { symbol: string; kind?: string }) {
  let h = 0;
  for (const c of symbol) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  const hue = HUES[h % HUES.length]!;
  const letters = symbol.replace(/[^A-Z0-9]/gi, '').slice(0, kind === 'index' ? 2 : 2);
  return (
    <span className="symbol-avatar" style={{ background: `hsl(${hue} 70% 94%)`, color: `hsl(${hue} 55% 32%)` }} aria-hidden="true">
      {letters}
    </span>
  );
}
