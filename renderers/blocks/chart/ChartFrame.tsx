import { lazy, Suspense } from 'react';
import type { BlockProps } from '../../types';
import type { ChartBlockSpec } from './spec';

const ChartBlock = lazy(() => import('./ChartBlock'));

/**
 * The chart's frame, shipped with its kind's module: while the chart's own chunk (its data,
 * controls and SVG first view) loads, a placeholder of the chart's exact size holds its place, so the
 * blocks below it do not move when it arrives (Lighthouse CLS on /marketDetails).
 */
export function ChartFrame(props: BlockProps<ChartBlockSpec>) {
  const height = props.spec.height ?? 260;
  return (
    <Suspense
      fallback={
        <section className="chart-block card" aria-busy="true" data-testid="chart-placeholder">
          <div className="chart-box" style={{ height }}>
            <div className="chart-overlay shimmer" />
          </div>
          <div className="chart-controls chart-controls-placeholder" />
        </section>
      }
    >
      <ChartBlock {...props} />
    </Suspense>
  );
}
