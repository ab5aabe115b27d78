/**
 * Live access to `schemas/`: screen layouts, screen data schemas and call payload schemas.
 * Files are re-read when their modification time or size changes, so editing a layout or a
 * schema on disk changes the running app on the next load — no rebuild, no restart.
 */
import { FORM_SCHEMAS, screenPolicy, setCreatedScreens, type Audience } from './policy.js';
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { ValidateFunction } from 'ajv';
import { AppError } from '../errors.js';
import { compileShared, createSchemaAjv } from './ajv.js';
import { compileValidatorModule, type ValidatorModule } from './validators.js';
import { formatProblems, lintLayout, lintPatterns, lintSchema, type LintContext, type LintProblem } from './lint.js';
import { checkCompatible } from './compat.js';
import { boundedPayloadSchema } from './integer-bounds.js';
import type { SchemaNode } from '../../shared/validation.js';
import type { ScreenCall } from '../../shared/calls.js';
import { callPositions } from './effects-lint.js';
import { compileProblem } from './compile-problem.js';

/** A screen as `GET /api/ui/screens/:id` serves it. */
export interface ScreenPayload {
  id: string;
  layout: Record<string, unknown>;
  /** Data schemas the layout's blocks name, by name. */
  schemas: Record<string, SchemaNode>;
  /** Every call the layout names, as the call registry declares it (effect, confirmation). */
  calls: Record<string, ScreenCall>;
  /** Who the screen is for (`policy.ts`): the app sends an investor away from an `operator` screen. */
  audience: Audience;
}

/** A compiled payload schema. */
export interface CompiledSchema {
  schema: SchemaNode;
  validate: ValidateFunction;
}

/**
 * A screen's latest published version: layout and, when the screen has its own data schema
 * (same-named, or its form's: {@link SchemaStore.ownSchemaName}), that schema. It replaces the
 * files under `schemas/` (version 0) while served.
 */
export interface PublishedScreen {
  id: string;
  /** 1, 2, …; files are version 0. */
  version: number;
  layout: Record<string, unknown>;
  schema: SchemaNode | null;
}

/** A layout (and optionally its own schema) not yet published: what the studio checks. */
export interface ScreenCandidate {
  layout: unknown;
  schema?: unknown;
  /** Texts the candidate brings along (`{lang: {id: text}}`): its message ids count as present in those languages. */
  texts?: Partial<Record<string, Record<string, string>>>;
}

/**
 * A screen made in the studio: its starting layout and schema (what version 0 is for a shipped
 * screen) and whether it is served.
 */
export interface CreatedScreen {
  id: string;
  /** The title as typed when it was made. */
  title: string;
  audience: 'public' | 'investor';
  /** `draft`: no approved change yet; `live`: served; `unpublished`: taken down. */
  status: 'draft' | 'live' | 'unpublished';
  layout: Record<string, unknown>;
  schema: SchemaNode;
}

/** How many studio draft validators a process keeps (each a few KB of code). */
const PREVIEW_VALIDATORS = 64;

interface Cached<T> {
  stamp: string;
  value: T;
}

/** Reads and caches files under the schemas folder by modification stamp. */
export class SchemaStore {
  private readonly files = new Map<string, Cached<unknown>>();
  /** Call contracts by screen name (code: kept until {@link invalidate}). */
  private readonly contracts = new Map<string, SchemaNode | null>();
  /** Each payload reference's file, relative and absolute (path arithmetic once per reference). */
  private readonly refFiles = new Map<string, { relative: string; file: string }>();
  private readonly compiled = new Map<string, Cached<CompiledSchema>>();
  private readonly screens = new Map<string, Cached<{ payload: ScreenPayload; etag: string }>>();
  private readonly validators = new Map<string, Cached<ValidatorModule>>();
  /** Validators of studio drafts by root key, newest last (at most {@link PREVIEW_VALIDATORS}). */
  private readonly previews = new Map<string, ValidatorModule>();

  /** Screens made in the studio by id, and their starting files by relative path. */
  private created = new Map<string, CreatedScreen>();
  private createdFiles = new Map<string, { stamp: string; value: unknown }>();

  /** Published versions by relative path (`screens/x.layout.json`) with their stamp. */
  private published = new Map<string, { stamp: string; value: unknown }>();

  /**
   * File stamps trusted for `recheckMs`, and call contracts' stamps until
   * {@link invalidate} (contracts are code); screen files are stat'ed on every read
   * while `recheckMs` is 0.
   */
  private readonly stamps = new Map<string, { stamp: string | null; at: number }>();

  /**
   * @param recheckMs how long a file's modification stamp is trusted before the file
   *   is stat'ed again (0 = every read, live edits; several processes use e.g. 30 s and rely on
   *   the `screens` invalidation published on change, see {@link invalidate}).
   */
  constructor(
    readonly dir: string,
    private readonly context: () => Omit<LintContext, 'meta' | 'schemaExists'>,
    private readonly recheckMs = 0,
  ) {}

  /**
   * Drops every cached file, compiled schema and screen (run on every process when
   * one publishes the `screens` topic, e.g. after the studio saves a screen).
   */
  invalidate(): void {
    this.contracts.clear();
    this.files.clear();
    this.compiled.clear();
    this.screens.clear();
    this.stamps.clear();
  }

  /**
   * Serve these published versions instead of their files (the latest version of
   * every screen that has one). Replaces the previous set; cached screens are rebuilt.
   */
  setPublished(screens: PublishedScreen[]): void {
    const next = new Map<string, { stamp: string; value: unknown }>();
    for (const screen of screens) {
      next.set(`screens/${screen.id}.layout.json`, { stamp: `pub:${screen.version}`, value: screen.layout });
      const own = screen.schema ? this.ownSchemaName(screen.id) : null;
      if (own) next.set(`screens/${own}.schema.json`, { stamp: `pub:${screen.version}`, value: screen.schema });
    }
    this.published = next;
    this.screens.clear();
  }

  /**
   * The screens made in the studio (replaces the previous set): their starting layout and
   * schema stand in for files, their audience for a code-declared policy; only `live` ones
   * are served.
   */
  setCreated(screens: CreatedScreen[]): void {
    this.created = new Map(screens.map((screen) => [screen.id, screen]));
    const files = new Map<string, { stamp: string; value: unknown }>();
    for (const screen of screens) {
      files.set(`screens/${screen.id}.layout.json`, { stamp: `new:${screen.status}`, value: screen.layout });
      files.set(`screens/${screen.id}.schema.json`, { stamp: `new:${screen.status}`, value: screen.schema });
    }
    this.createdFiles = files;
    setCreatedScreens(new Map(screens.map((screen) => [screen.id, screen.audience])));
    this.screens.clear();
  }

  /** A screen made in the studio, or undefined for a shipped one. */
  createdScreen(id: string): CreatedScreen | undefined {
    return this.created.get(id);
  }

  /** The version number served for a screen (0 = the files). */
  servedVersion(id: string): number {
    const hit = this.published.get(`screens/${id}.layout.json`);
    return hit ? Number(hit.stamp.slice(4)) : 0;
  }

  /**
   * @param relative `file` relative to the schemas folder with `/` separators, when the caller
   *   knows it (the money paths validate bodies on every request: no path arithmetic then).
   */
  private stamp(file: string, relative = path.relative(this.dir, file).split(path.sep).join('/')): string | null {
    const override = this.published.get(relative) ?? this.createdFiles.get(relative);
    if (override) return override.stamp;
    // Call contracts are code: they change with a deploy, i.e. a new process, so
    // their stamps are trusted until `invalidate`. Every call with a contract read its file's
    // stamp on each request, a stat syscall on the money paths.
    const trustMs = relative.startsWith('contracts/') ? Infinity : this.recheckMs;
    if (trustMs <= 0) return this.statStamp(file);
    // A cache lifetime, not business time: the monotonic clock, not the injected Clock.
    const now = performance.now();
    const hit = this.stamps.get(file);
    if (hit && now - hit.at < trustMs) return hit.stamp;
    const stamp = this.statStamp(file);
    this.stamps.set(file, { stamp, at: now });
    return stamp;
  }

  private statStamp(file: string): string | null {
    try {
      const stat = fs.statSync(file);
      return `${stat.mtimeMs}:${stat.size}`;
    } catch {
      return null;
    }
  }

  /** Parsed JSON of a file under the schemas folder, or null when absent. */
  readJson<T = unknown>(relative: string): T | null {
    const override = this.published.get(relative);
    if (override) return override.value as T;
    return this.readFileJson<T>(relative);
  }

  /** Parsed JSON of a file as shipped (version 0), ignoring published versions; null when absent. */
  readFileJson<T = unknown>(relative: string): T | null {
    const created = this.createdFiles.get(relative);
    if (created) return created.value as T;
    const file = path.join(this.dir, relative);
    const stamp = this.published.has(relative) ? this.statStamp(file) : this.stamp(file);
    if (stamp === null) return null;
    const hit = this.files.get(file);
    if (hit && hit.stamp === stamp) return hit.value as T;
    let value: unknown;
    try {
      value = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch (error) {
      throw new AppError('screenInvalid', { id: relative }, { problems: [`${relative}#: ${(error as Error).message}`] });
    }
    this.files.set(file, { stamp, value });
    return value as T;
  }

  /**
   * The data schema a screen edits in the studio and publishes with its layout: its same-named
   * schema, else the one {@link FORM_SCHEMAS} gives it (e.g. `withdraw` → `withdrawal`); null
   * when it has none.
   */
  ownSchemaName(id: string): string | null {
    if (this.readFileJson(`screens/${id}.schema.json`) !== null) return id;
    const named = Object.hasOwn(FORM_SCHEMAS, id) ? FORM_SCHEMAS[id]! : null;
    return named && this.schemaExists(named) ? named : null;
  }

  /** Whether `screens/<name>.schema.json` exists. */
  schemaExists = (name: string): boolean => this.stamp(path.join(this.dir, 'screens', `${name}.schema.json`)) !== null;

  /**
   * The code-owned contract of screen schema `name` (`contracts/<name>.schema.json`),
   * or null when the schema is not a call body.
   */
  contract(name: string): SchemaNode | null {
    const kept = this.contracts.get(name);
    if (kept !== undefined) return kept;
    if (!/^[A-Za-z0-9_-]+$/.test(name)) return null;
    const contract = this.readFileJson<SchemaNode>(`contracts/${name}.schema.json`);
    this.contracts.set(name, contract);
    return contract;
  }

  /**
   * The compiled schema for a payload reference such as `screens/bindBank` or `api/bankDelete`.
   * Screen schemas (`screens/…`, written by staff) run their patterns on RE2 in linear time;
   * code-owned ones on JavaScript's `RegExp` (ajv.ts).
   * @throws Error when the file is missing (a programming error: routes name existing files),
   *   or when a screen schema's pattern does not compile in RE2 (the lint refuses it first).
   */
  payloadSchema(ref: string): CompiledSchema {
    let files = this.refFiles.get(ref);
    if (!files) {
      const relative = `${ref}.schema.json`;
      this.refFiles.set(ref, (files = { relative, file: path.join(this.dir, relative) }));
    }
    const { relative, file } = files;
    const stamp = this.stamp(file, relative);
    if (stamp === null) throw new Error(`schema ${relative} is missing`);
    const hit = this.compiled.get(ref);
    if (hit && hit.stamp === stamp) return hit.value;
    // Unbounded integers get the 32-bit bounds of the database columns (integer-bounds.ts).
    const schema = boundedPayloadSchema(this.readJson<SchemaNode>(relative)!);
    const value = { schema, validate: compileShared(schema, ref.startsWith('screens/') ? 'linear' : 'native') };
    this.compiled.set(ref, { stamp, value });
    return value;
  }

  /**
   * The browser's validator for `screens/<name>.schema.json` as an ES module,
   * compiled when the schema is first served and again whenever its file changes.
   * @throws AppError `screenNotFound` when there is no such schema; `screenInvalid` when it
   *   does not compile.
   */
  validatorModule(name: string): ValidatorModule {
    if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new AppError('screenNotFound', { id: name });
    const relative = `screens/${name}.schema.json`;
    const stamp = this.stamp(path.join(this.dir, relative));
    if (stamp === null) throw new AppError('screenNotFound', { id: name });
    const hit = this.validators.get(name);
    if (hit && hit.stamp === stamp) return hit.value;
    let value: ValidatorModule;
    try {
      value = compileValidatorModule(this.readJson<SchemaNode>(relative)!);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('screenInvalid', { id: name }, { problems: [`${relative}#: ${(error as Error).message}`] });
    }
    this.validators.set(name, { stamp, value });
    return value;
  }

  /**
   * Compiles a studio draft's data schema into a validator module and keeps it (the newest
   * {@link PREVIEW_VALIDATORS}) so the preview's form imports the draft's rules, not the
   * published ones: {@link validatorModule} serves it when asked for its root key.
   * @returns the module's root key (the `v` the browser asks with).
   * @throws Error when ajv cannot compile the schema.
   */
  previewValidator(schema: SchemaNode): string {
    const value = compileValidatorModule(schema);
    this.previews.delete(value.rootKey);
    this.previews.set(value.rootKey, value);
    while (this.previews.size > PREVIEW_VALIDATORS) this.previews.delete(this.previews.keys().next().value!);
    return value.rootKey;
  }

  /**
   * The validator a form asks for: the published schema's, or — when `key` names another
   * schema version — a studio draft's compiled by {@link previewValidator}.
   * @throws AppError `screenNotFound` when neither exists; `screenInvalid` (see validatorModule).
   */
  validatorFor(name: string, key: string | undefined): ValidatorModule {
    const preview = key ? this.previews.get(key) : undefined;
    if (preview) {
      try {
        const live = this.validatorModule(name);
        if (live.rootKey === key) return live;
      } catch {
        // a draft of a screen without a published schema
      }
      return preview;
    }
    return this.validatorModule(name);
  }

  /** Ids of every screen that has a layout file. */
  screenIds(): string[] {
    const files = fs
      .readdirSync(path.join(this.dir, 'screens'))
      .filter((name) => name.endsWith('.layout.json'))
      .map((name) => name.slice(0, -'.layout.json'.length));
    return [...new Set([...files, ...this.created.keys()])].sort();
  }

  /**
   * The block kinds screen `id` shows at its first render, for the shell's preloads:
   * see {@link firstRenderBlockKinds}. Empty when the screen does not exist or fails the catalogue.
   */
  blockKinds(id: string): string[] {
    try {
      return firstRenderBlockKinds(this.screen(id).payload.layout);
    } catch {
      return [];
    }
  }

  /** Names of the data schemas a layout's blocks name (nested blocks included). */
  referencedSchemas(layout: unknown): string[] {
    return referencedSchemas(layout);
  }

  /**
   * Lints one screen's layout and the schemas it names: the catalogue, calls, message ids,
   * compilation and compatibility of each schema with its call's contract.
   * @param candidate a draft to check instead of the served layout (and the screen's own schema).
   */
  lintScreen(id: string, candidate?: ScreenCandidate): LintProblem[] {
    const relative = `screens/${id}.layout.json`;
    const own = this.ownSchemaName(id) ?? id;
    const ownSchema = `screens/${own}.schema.json`;
    const read = (rel: string): unknown => {
      if (candidate && rel === relative) return candidate.layout;
      if (candidate?.schema !== undefined && rel === ownSchema) return candidate.schema;
      return this.readJson(rel);
    };
    const meta = this.readJson<Record<string, unknown>>('layout.meta.json');
    if (!meta) return [{ file: 'layout.meta.json', pointer: '/', message: 'catalogue is missing' }];
    const layout = read(relative);
    const exists = (name: string) => (candidate?.schema !== undefined && name === own) || this.schemaExists(name);
    const base = this.context();
    const texts = candidate?.texts;
    const missingIn = texts ? (messageId: string) => base.missingIn(messageId).filter((lang) => !texts[lang]?.[messageId]) : base.missingIn;
    // Texts the candidate brings count as labels too (a custom field titled with a new text id).
    const labelsOf = (messageId: string) => [...(base.labelsOf?.(messageId) ?? []), ...Object.values(texts ?? {}).flatMap((t) => (t?.[messageId] ? [t[messageId]!] : []))];
    const context: LintContext = { ...base, missingIn, labelsOf, meta, schemaExists: exists, contractOf: (name) => this.contract(name) as Record<string, unknown> | null };
    const problems = lintLayout(relative, layout, context);
    const names = new Set(referencedSchemas(layout));
    if (candidate?.schema !== undefined) names.add(own);
    for (const name of names) {
      if (!exists(name)) continue;
      const schemaFile = `screens/${name}.schema.json`;
      const schema = read(schemaFile);
      problems.push(...lintSchema(schemaFile, schema, context));
      const patterns = lintPatterns(schemaFile, schema);
      if (patterns.length) {
        problems.push(...patterns);
        continue;
      }
      try {
        if (candidate && schemaFile === ownSchema && candidate.schema !== undefined) createSchemaAjv().compile(schema as object);
        else this.payloadSchema(`screens/${name}`);
      } catch (error) {
        problems.push({ file: schemaFile, pointer: '/', message: `does not compile: ${compileProblem(schema, error)}` });
        continue;
      }
      const contract = this.contract(name);
      if (contract) {
        for (const p of checkCompatible(contract, schema, context.labelsOf)) problems.push({ file: schemaFile, pointer: p.pointer, message: p.message });
      }
    }
    return problems;
  }

  /** Lints every screen; used at start and by `npm run lint:schemas`. */
  lintAll(): LintProblem[] {
    return this.screenIds().flatMap((id) => this.lintScreen(id));
  }

  /**
   * A screen with the schemas it names, and its ETag.
   * @throws AppError `screenNotFound` (no layout file), `screenInvalid` (fails the catalogue;
   *   `data.problems` lists `file#pointer: message` lines).
   */
  screen(id: string): { payload: ScreenPayload; etag: string } {
    if (!/^[A-Za-z0-9_-]+$/.test(id)) throw new AppError('screenNotFound', { id });
    const made = this.created.get(id);
    if (made && (made.status !== 'live' || this.servedVersion(id) === 0)) throw new AppError('screenNotFound', { id });
    const layout = this.readJson<Record<string, unknown>>(`screens/${id}.layout.json`);
    if (!layout) throw new AppError('screenNotFound', { id });
    // Linting is the costly part of serving; redo it only when one of the screen's files changed.
    const files = ['layout.meta.json', `screens/${id}.layout.json`, ...referencedSchemas(layout).map((n) => `screens/${n}.schema.json`)];
    const key = files.map((f) => this.stamp(path.join(this.dir, f))).join('|');
    const hit = this.screens.get(id);
    if (hit && hit.stamp === key) return hit.value;
    const result = this.buildScreen(id, layout);
    this.screens.set(id, { stamp: key, value: result });
    return result;
  }

  /**
   * What the phone needs to show a studio draft: its layout, the schemas it names (the draft's
   * own schema for the screen, the published ones otherwise), the calls' effects, and the root
   * keys of the form validators (the draft's compiled by {@link previewValidator}). Problems
   * do not stop the preview; a schema that does not compile is reported in `errors`.
   */
  previewPayload(id: string, layout: Record<string, unknown>, schema: SchemaNode | undefined): { payload: ScreenPayload; validators: Record<string, string>; errors: Array<{ pointer: string; message: string }> } {
    const schemas: Record<string, SchemaNode> = {};
    const validators: Record<string, string> = {};
    const errors: Array<{ pointer: string; message: string }> = [];
    const own = this.ownSchemaName(id) ?? id;
    for (const name of referencedSchemas(layout)) {
      try {
        if (name === own && schema !== undefined) {
          schemas[name] = schema;
          validators[name] = this.previewValidator(schema);
        } else if (this.schemaExists(name)) {
          schemas[name] = this.readJson<SchemaNode>(`screens/${name}.schema.json`)!;
          validators[name] = this.validatorModule(name).rootKey;
        }
      } catch (error) {
        const drafted = name === own && schema !== undefined ? schema : this.readJson<SchemaNode>(`screens/${name}.schema.json`);
        errors.push({ pointer: name === own ? '/schema' : `screens/${name}.schema.json#`, message: `does not compile: ${compileProblem(drafted, error)}` });
      }
    }
    return { payload: { id, layout, schemas, calls: this.screenCalls(layout) } as ScreenPayload, validators, errors };
  }

  /**
   * Every call a layout names, as the registry declares it (effect, confirmation), and for a
   * query with one body schema the body fields that schema requires (the served screen schema
   * for a `screens/` body).
   */
  private screenCalls(layout: unknown): Record<string, ScreenCall> {
    const calls: Record<string, ScreenCall> = {};
    const { callInfo } = this.context();
    for (const { call } of callPositions(layout)) {
      const info = callInfo?.(call);
      if (!info) continue;
      // Queries only: the estimates under form fields ask them while the form is being filled.
      const body = info.effect === 'query' && info.bodyRef ? this.readJson<{ required?: unknown }>(`${info.bodyRef}.schema.json`) : null;
      const required = body ? (Array.isArray(body.required) ? body.required.filter((k): k is string => typeof k === 'string') : []) : undefined;
      calls[call] = { effect: info.effect, ...(info.confirm ? { confirm: info.confirm } : {}), ...(required ? { required } : {}) };
    }
    return calls;
  }

  private buildScreen(id: string, layout: Record<string, unknown>): { payload: ScreenPayload; etag: string } {
    const problems = this.lintScreen(id);
    if (problems.length) throw new AppError('screenInvalid', { id }, { problems: formatProblems(problems).split('\n') });
    const schemas: Record<string, SchemaNode> = {};
    for (const name of referencedSchemas(layout)) {
      schemas[name] = this.readJson<SchemaNode>(`screens/${name}.schema.json`)!;
      this.validatorModule(name); // compiled as the screen is loaded, ready when the form asks
    }
    const payload: ScreenPayload = { id, layout, schemas, calls: this.screenCalls(layout), audience: screenPolicy(id).audience };
    const etag = `"${createHash('sha1').update(JSON.stringify(payload)).digest('base64url')}"`;
    return { payload, etag };
  }
}

/** Every block of a layout (any object with a `kind`), nested blocks (e.g. inside tabs) included. */
function layoutBlocks(layout: unknown): Array<Record<string, unknown>> {
  const blocks: Array<Record<string, unknown>> = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      if (typeof record.kind === 'string') blocks.push(record);
      Object.values(record).forEach(visit);
    }
  };
  visit((layout as { blocks?: unknown } | null)?.blocks ?? []);
  return blocks;
}

/** Names in every block's `schema` property, nested blocks included. */
function referencedSchemas(layout: unknown): string[] {
  return [...new Set(layoutBlocks(layout).flatMap((block) => (typeof block.schema === 'string' ? [block.schema] : [])))];
}

/**
 * The kinds of the blocks a layout shows before anything is known, sorted: its
 * top-level blocks and, of a `tabs` block, the first tab's — each only when it has no `when`.
 * A block behind a condition or in a later tab loads its code when it shows, so its chunk (the
 * form's 50 KB on /marketDetails) neither delays nor competes with the first paint; so does a
 * block marked `afterPaint` (a form below the first view, as on /pay).
 */
export function firstRenderBlockKinds(layout: unknown): string[] {
  const kinds = new Set<string>();
  const visit = (blocks: unknown): void => {
    if (!Array.isArray(blocks)) return;
    for (const block of blocks as Array<Record<string, unknown>>) {
      if (!block || typeof block.kind !== 'string' || block.when !== undefined || block.afterPaint === true) continue;
      kinds.add(block.kind);
      const tabs = block.tabs as Array<{ blocks?: unknown }> | undefined;
      if (Array.isArray(tabs)) visit(tabs[0]?.blocks);
    }
  };
  visit((layout as { blocks?: unknown } | null)?.blocks);
  return [...kinds].sort();
}
