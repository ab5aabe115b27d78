/**
 * A number that flashes green or red for a moment when it changes (prices flash
 * without layout shift — tabular digits, and the flash is a background tint on the same box).
 */
import { useEffect, useRef, useState } from 'react';

export interface LivePriceProps {
  value: number | null | undefined;
  /** The formatted text of `value`. */
  text: string;
  className?: string;
  testId?: string;
}

export function LivePrice({ value, text, className, testId }: LivePriceProps) {
  const previous = useRef(value);
  const [flash, setFlash] = useState<{ dir: 'up' | 'down'; n: number } | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = value;
    if (typeof before === 'number' && typeof value === 'number' && before !== value) {
      setFlash((f) => ({ dir: value > before ? 'up' : 'down', n: (f?.n ?? 0) + 1 }));
    }
  }, [value]);
  return (
    <span key={flash?.n ?? 0} className={`live-num${flash ? ` flash-${flash.dir}` : ''}${className ? ` ${className}` : ''}`} data-testid={testId}>
      {text}
    </span>
  );
}
