/**
 * Everything blocks need to load data, in one place: calls (`useCallData`, `useBlockData`),
 * pages (`usePagedCall`), the route query, the template engine and pull-to-refresh.
 */
export { useCallData, useBlockData, useBoundParams, type CallDataOptions } from './useCallData';
export { usePagedCall, type Page } from './usePagedCall';
export { useRouteQuery, useQueryObject, QueryOverrideContext } from './query';
export { bindTemplate, fillRoute, readPath, missesQuery } from './template';
export { useReloadScreen } from './reload';
export { ownLoad, callKey, firstLoads, prefetchScreenData, type BlockData } from './prefetch';
