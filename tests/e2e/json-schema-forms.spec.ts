/**
 * Common JSON Schema forms, as written for @rjsf/core (the catalogue in tests/forms/catalogue/),
 * rendered by the form block in the studio's phone preview at 390×844: each form becomes an
 * editor's draft of /bindBank (its data schema and one form block), the preview shows it with the
 * draft's own validator, and the tests check what staff and investors see — headings,
 * descriptions, required markers, labelled array buttons, the standard widgets, specific error
 * texts, root-level errors — and what a submit would send (the call is answered by the test, so
 * nothing is stored). Every catalogue form rendered (no unsupported field, no raw message id,
 * every button and input named) and what it submits compared with @rjsf/core is
 * `tests/forms/catalogue.test.tsx`, in jsdom. Screenshots of these forms land in test-results/
 * to look at.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Locator } from '@playwright/test';
import { expect, test, type APIRequestContext, type Page } from './test';
import { api, demoEditor, openWithSession } from './helpers';
import { axeInPage } from '../qa/axe';

interface Fixture {
  schema: Record<string, unknown>;
  ui: Record<string, unknown>;
  /** The data an investor enters (the catalogue test in jsdom submits it). */
  formData?: unknown;
}

const fixture = (name: string): Fixture => JSON.parse(fs.readFileSync(path.join('tests/forms/catalogue', `${name}.json`), 'utf8')) as Fixture;

interface StudioScreen {
  baseVersion: number;
  layout: { blocks: Array<Record<string, unknown>> } & Record<string, unknown>;
}

/** The form block of /bindBank with a fixture's uiSchema (the schema is the draft's bindBank schema). */
async function saveFixtureDraft(request: APIRequestContext, token: string, name: string, { blockId = 'fixture', filled = false } = {}): Promise<void> {
  const screen = await api<StudioScreen>(request, token, 'studio/screens/get', { id: 'bindBank' });
  const form = screen.layout.blocks.find((block) => block.kind === 'form')!;
  const { schema, ui, formData } = fixture(name);
  // `filled`: an object form starts with the catalogue's data, as if the investor had entered it.
  const initial = filled && formData && typeof formData === 'object' && !Array.isArray(formData) ? { initial: formData } : {};
  const block = { kind: 'form', id: blockId, schema: 'bindBank', ui, ...initial, submit: { call: (form.submit as { call: string }).call, label: (form.submit as { label: string }).label } };
  const layout = { ...screen.layout, blocks: [block] };
  await api(request, token, 'studio/screens/saveDraft', { id: 'bindBank', layout, schema, baseVersion: screen.baseVersion });
}

/** Opens the studio on /bindBank with the fixture as the draft; answers the form's call and records the bodies sent. */
async function openFixture(page: Page, request: APIRequestContext, token: string, name: string) {
  await saveFixtureDraft(request, token, name);
  const sent: unknown[] = [];
  await page.route('**/api/bank/addBank?*', async (route) => {
    sent.push(route.request().postDataJSON());
    await route.fulfill({ contentType: 'application/json', body: JSON.stringify({ code: 200, message: 'OK', data: {} }) });
  });
  await openWithSession(page, token, '/studio', 'EN');
  await page.getByTestId('screen-bindBank').click();
  const preview = page.getByTestId('studio-preview');
  await preview.getByTestId('preview-en').or(page.getByTestId('preview-en')).first().click();
  const form = preview.getByTestId('form-fixture');
  await expect(form).toBeVisible();
  await expect(form.getByTestId('submit')).toBeVisible();
  return { preview, form, sent };
}

/**
 * Taps a button in the preview. The preview is a scroll container (with a sticky header) inside
 * the scrolling studio page, where Playwright's hit test misreads what is on top; the click
 * event itself is what the form handles.
 */
const tap = (locator: Locator) => locator.dispatchEvent('click');

async function shoot(page: Page, form: ReturnType<Page['getByTestId']>, name: string) {
  fs.mkdirSync('test-results/json-schema-forms', { recursive: true });
  await form.screenshot({ path: `test-results/json-schema-forms/${name}.png` });
}

let token = '';
test.beforeEach(async ({ request }) => {
  token ||= (await api<{ token: string }>(request, '', 'user/login', demoEditor())).token;
});
// The fixture drafts are the demo editor's own: discarded after each test, so the worker's other
// specs (the studio journey) open /bindBank as shipped.
test.afterEach(async ({ request }) => {
  if (token) await api(request, token, 'studio/screens/discardDraft', { id: 'bindBank' }).catch(() => undefined);
});

test.describe('JSON Schema forms in the form block (studio preview, 390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a registration form: descriptions, required markers, resolved ids, a specific minimum error', async ({ page, request }) => {
    const { form, sent } = await openFixture(page, request, token, 'simple');
    await expect(form.getByText('As in your passport')).toBeVisible();
    await expect(form.getByText('You must be 18 or older')).toBeVisible();
    // A message id is resolved; a plain title is shown as written.
    await expect(form.locator('label[for="root_email"]')).toHaveText('Email');
    await expect(form.locator('label[for="root_firstName"]')).toHaveText('First name *');
    await expect(form.locator('label[for="root_bio"]')).toHaveText('Bio');
    await form.locator('#root_lastName').fill('Norris');
    await form.locator('#root_age').fill('17');
    await tap(form.getByTestId('submit'));
    await expect(form.locator('#root_age__error')).toHaveText('At least 18');
    await form.locator('#root_telephone').fill('123');
    await expect(form.locator('#root_telephone__error')).toHaveText('At least 10 characters');
    await shoot(page, form, 'simple-errors');
    await form.locator('#root_telephone').fill('');
    await form.locator('#root_age').fill('21');
    await tap(form.getByTestId('submit'));
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]).toEqual({ firstName: 'Chuck', lastName: 'Norris', age: 21 });
  });

  test('nested objects and arrays: headings, descriptions, labelled icon buttons, minItems', async ({ page, request }) => {
    const { form, sent } = await openFixture(page, request, token, 'arrays');
    await expect(form.locator('#root_owner__title')).toHaveText('Owner *');
    await expect(form.getByText('Who is responsible for the list')).toBeVisible();
    await expect(form.locator('#root_tasks__title')).toHaveText('Tasks *');
    await expect(form.getByText('What is to be done')).toBeVisible();
    await expect(form.locator('label[for="root_owner_contact"]')).toHaveText('Email');
    await form.locator('#root_owner_name').fill('Asha');
    // minItems 2 starts with two entries; with one removed the array's own error shows.
    await tap(form.getByRole('button', { name: 'Remove item 2' }));
    await form.locator('#root_tasks_0_title').fill('first');
    await tap(form.getByTestId('submit'));
    await expect(form.getByText('At least 2 entries')).toBeVisible();
    await tap(form.getByRole('button', { name: 'Add item' }));
    await form.locator('#root_tasks_1_title').fill('second');
    // Every button has a name; the icons are labelled per item.
    for (const button of await form.getByRole('button').all()) expect(await button.getAttribute('aria-label') ?? (await button.textContent())?.trim()).toBeTruthy();
    await tap(form.getByRole('button', { name: 'Move item 2 up' }));
    await expect(form.locator('#root_tasks_0_title')).toHaveValue('second');
    await shoot(page, form, 'arrays');
    await tap(form.getByRole('button', { name: 'Add item' }));
    await tap(form.getByRole('button', { name: 'Remove item 3' }));
    await form.locator('#root_tasks_1_done').check({ force: true });
    await tap(form.getByTestId('submit'));
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]).toEqual({ owner: { name: 'Asha' }, tasks: [{ title: 'second' }, { title: 'first', done: true }] });
  });

  test('standard widgets at the first level and nested, in the Nivesh style', async ({ page, request }) => {
    const { form, sent } = await openFixture(page, request, token, 'widgets');
    await expect(form).not.toContainText('Unsupported');
    await expect(form.locator('.fallback')).toHaveCount(0);
    await form.locator('#root_colour').selectOption({ label: 'green' });
    await form.getByRole('radio', { name: 'pro' }).check({ force: true });
    await form.getByRole('checkbox', { name: 'I agree' }).check({ force: true });
    // The checkbox labels itself beside the box: its label shows once, with or without `ui:widget: checkbox`.
    await expect(form.getByText('I agree', { exact: true })).toHaveCount(1);
    await form.getByRole('checkbox', { name: 'dog' }).check({ force: true });
    await form.getByRole('checkbox', { name: 'cat' }).check({ force: true });
    await form.locator('#root_volume').fill('7');
    await expect(form.locator('output[for="root_volume"]')).toHaveText('7');
    await form.locator('#root_count').fill('2.5');
    await form.locator('#root_day').fill('2026-11-26');
    await form.locator('#root_at').fill('09:30');
    await expect(form.locator('#root_more__title')).toHaveText('More');
    await form.getByRole('radio', { name: 'M' }).check({ force: true });
    await form.getByRole('checkbox', { name: 'Express' }).check({ force: true });
    await form.locator('#root_more_level').fill('4');
    await expect(form.locator('select.input, input.choice-input, input.range')).toHaveCount(13);
    // Every widget's input and button has a name in the real browser too.
    const unnamed = await axeInPage(page).include('[data-testid="form-fixture"]').withRules(['button-name', 'label']).analyze();
    expect(unnamed.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.html}`))).toEqual([]);
    await shoot(page, form, 'widgets');
    await tap(form.getByTestId('submit'));
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]).toEqual({ colour: 'green', plan: 'pro', agree: true, pets: ['cat', 'dog'], volume: 7, count: 2.5, day: '2026-11-26', at: '09:30:00', more: { size: 'M', express: true, level: 4 } });
  });

  test('a string root and an array root submit their value', async ({ page, request }) => {
    let opened = await openFixture(page, request, token, 'root-string');
    await opened.form.locator('#root').fill('c');
    await tap(opened.form.getByTestId('submit'));
    await expect(opened.form.locator('#root__error')).toHaveText('At least 2 characters');
    await opened.form.locator('#root').fill('chuck');
    await tap(opened.form.getByTestId('submit'));
    await expect.poll(() => opened.sent.length).toBe(1);
    expect(opened.sent[0]).toBe('chuck');

    await page.unrouteAll();
    opened = await openFixture(page, request, token, 'root-array');
    // minItems 1: one empty entry to start with; removing it leaves the error of the array itself.
    await tap(opened.form.getByRole('button', { name: 'Remove item 1' }));
    await tap(opened.form.getByTestId('submit'));
    await expect(opened.form.getByText('At least 1 entry')).toBeVisible();
    await tap(opened.form.getByRole('button', { name: 'Add item' }));
    await opened.form.locator('#root_0').fill('blue');
    await shoot(page, opened.form, 'root-array');
    await tap(opened.form.getByTestId('submit'));
    await expect.poll(() => opened.sent.length).toBe(1);
    expect(opened.sent[0]).toEqual(['blue']);
  });

  test('a recursive $ref renders and submits', async ({ page, request }) => {
    const { form, sent } = await openFixture(page, request, token, 'recursive');
    await expect(form).not.toContainText('No connection');
    await form.locator('#root_tree_name').fill('root');
    await tap(form.getByRole('button', { name: 'Add item' }));
    await form.locator('#root_tree_children_0_name').fill('leaf');
    await shoot(page, form, 'recursive');
    await tap(form.getByTestId('submit'));
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]).toEqual({ tree: { name: 'root', children: [{ name: 'leaf' }] } });
  });

  test('additionalProperties: keys are added, renamed and removed', async ({ page, request }) => {
    const { form, sent } = await openFixture(page, request, token, 'additional');
    await tap(form.getByRole('button', { name: 'Add entry' }));
    await tap(form.getByRole('button', { name: 'Add entry' }));
    const keys = form.locator('.additional-property input.input[id$="-key"]');
    await expect(keys).toHaveCount(2);
    await keys.nth(0).fill('colour');
    await keys.nth(0).blur();
    await form.locator('#root_labels_colour').fill('red');
    await tap(form.getByRole('button', { name: /^Remove newKey/ }));
    await expect(form.locator('.additional-property')).toHaveCount(1);
    await shoot(page, form, 'additional');
    await tap(form.getByTestId('submit'));
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]).toEqual({ labels: { colour: 'red' } });
  });

  test('an error of the form itself is shown at the top', async ({ page, request }) => {
    const { form, sent } = await openFixture(page, request, token, 'root-errors');
    await tap(form.getByTestId('submit'));
    await expect(form.getByTestId('form-errors')).toBeVisible();
    await shoot(page, form, 'root-errors');
    expect(sent).toHaveLength(0);
    await form.locator('#root_phone').fill('98765');
    await tap(form.getByTestId('submit'));
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]).toEqual({ phone: '98765' });
  });
});

test('the studio compiles every catalogue schema (tuples without minItems, format data-url, required in anyOf branches)', async ({ request }) => {
  const screen = await api<StudioScreen>(request, token, 'studio/screens/get', { id: 'bindBank' });
  for (const file of fs.readdirSync('tests/forms/catalogue')) {
    const { schema } = fixture(file.replace(/\.json$/, ''));
    const { errors } = await api<{ errors: Array<{ pointer: string; message: string }> }>(request, token, 'studio/screens/validate', { id: 'bindBank', layout: screen.layout, schema });
    expect(errors.filter((e) => e.message.includes('does not compile')), file).toEqual([]);
  }
});
