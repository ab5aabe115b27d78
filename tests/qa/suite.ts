/**
 * The generated suite's routes, roles and form cases — shared by the Chromium suite
 * (`tests/cases/generated.spec.ts`: route checks and the smoke set) and the jsdom one
 * (`tests/forms/generated-forms.test.tsx`: every form case), so both generate the same cases
 * and run each as the same user.
 */
import { ROUTES } from '../../src/app/routes';
import { generateScreenCases, smokeCaseNames, type GeneratedCase } from './generate';
import { readLayout, type LayoutData } from './schemas';
import type { CaseRole, CaseStep } from './types';

/** Routes checked: those of docs/product.md, Routes, plus the back office. `/` only redirects. */
export const SUITE_ROUTES = ROUTES.filter((r) => r.path !== '/');

/**
 * Who opens a route: the operator on back-office screens — `/admin*`, `/staffTotp` (staff enrol their second factor there; the app sends investors away from it) and any screen whose
 * calls are `admin/*` (the plan and block-trading desks, `/gatherController`, sit outside
 * `/admin` but the server refuses investor tokens on their calls) — visitors on public
 * routes, else the investor. The gallery's session page (`/test3`) shows the investor's
 * widgets (bank accounts, photo upload) next to the back-office examples, so its forms need
 * the investor.
 */
export const roleOf = (path: string, isPublic: boolean | undefined, layout: LayoutData | undefined): CaseRole =>
  path === '/test3' ? 'investor' : path.startsWith('/admin') || path === '/staffTotp' || JSON.stringify(layout?.blocks ?? []).includes('"call":"admin/') ? 'operator' : isPublic ? 'visitor' : 'investor';

/** The form a step acts on, if any. */
export const formOfStep = (step: CaseStep): string | undefined =>
  'fill' in step ? step.fill.form : 'submit' in step ? step.submit : 'expectFieldError' in step ? step.expectFieldError.form : undefined;

/**
 * Whether a case needs a fresh investor set up as its `given` says: its form is shown only in a
 * starting state (`when … in ['none']`, e.g. the identity form before any submission), which
 * the shared investor has left.
 */
export function needsFreshAccount(qaCase: GeneratedCase, layout: LayoutData, role: CaseRole): boolean {
  const form = qaCase.steps.map(formOfStep).find(Boolean);
  return role === 'investor' && layout.blocks.some((b) => b.kind === 'form' && b.when && (b.id ?? b.schema) === form);
}

/** One route's generated form cases (or why they could not be generated). */
export interface RouteForms {
  path: string;
  screen: string;
  layout: LayoutData;
  role: CaseRole;
  cases: GeneratedCase[];
  /** The generator's failure (a schema it cannot serve): that route fails, the rest run. */
  error?: unknown;
}

/** Every route with a layout and its generated form cases (in English), in route order. */
export function routeForms(): RouteForms[] {
  const result: RouteForms[] = [];
  for (const route of SUITE_ROUTES) {
    const layout = readLayout(route.screen);
    if (!layout) continue;
    const role = roleOf(route.path, route.public, layout);
    try {
      result.push({ path: route.path, screen: route.screen, layout, role, cases: generateScreenCases(layout, route.path, role, 'en').cases });
    } catch (error) {
      result.push({ path: route.path, screen: route.screen, layout, role, cases: [], error });
    }
  }
  return result;
}

/** The smoke set's case names over every route ({@link smokeCaseNames}). */
export const smokeSet = (forms: RouteForms[] = routeForms()): Set<string> => smokeCaseNames(forms.flatMap((r) => r.cases.map((qaCase) => ({ route: r.path, qaCase }))));
