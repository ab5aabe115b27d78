/**
 * Live access to `schemas/`: screen layouts, screen data schemas and call payload schemas.
 * Files are re-read when their modification time or size changes, so editing a layout or a
 * schema on disk changes the running app on the next load — no rebuild, no restart.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import { AppError } from '../domain/errors.js';
import { createSchemaAjv } from './ajv.js';
import { compileValidatorModule, type ValidatorModule } from './validators.js';
import { formatProblems, lintLayout, lintSchema, type LintContext, type LintProblem } from './lint.js';
import type { SchemaNode } from '../../shared/validation.js';

/** A screen as `GET /api/ui/screens/:id` serves it. */
export interface ScreenPayload {
  id: string;
  layout: Record<string, unknown>;
  /** Data schemas the layout's blocks name, by name. */
  schemas: Record<string, SchemaNode>;
}

/** A compiled payload schema. */
export interface CompiledSchema {
  schema: SchemaNode;
  validate: ValidateFunction;
}

interface Cached<T> {
  stamp: string;
  value: T;
}

/** Reads and caches files under the schemas folder by modification stamp. */
export class SchemaStore {
  private readonly files = new Map<string, Cached<unknown>>();
  private readonly compiled = new Map<string, Cached<CompiledSchema>>();
  private readonly screens = new Map<string, Cached<{ payload: ScreenPayload; etag: string }>>();
  private readonly validators = new Map<string, Cached<ValidatorModule>>();
  private readonly ajv: Ajv = createSchemaAjv();

  /** File stamps trusted for `recheckMs` (issue 15); empty when every read stats its file. */
  private readonly stamps = new Map<string, { stamp: string | null; at: number }>();

  /**
   * @param recheckMs issue 15: how long a file's modification stamp is trusted before the file
   *   is stat'ed again (0 = every read, live edits; several processes use e.g. 30 s and rely on
   *   the `screens` invalidation published on change, see {@link invalidate}).
   */
  constructor(
    readonly dir: string,
    private readonly context: () => Omit<LintContext, 'meta' | 'schemaExists'>,
    private readonly recheckMs = 0,
  ) {}

  /**
   * Drops every cached file, compiled schema and screen (issue 15: run on every process when
   * one publishes the `screens` topic, e.g. after the studio saves a screen).
   */
  invalidate(): void {
    this.files.clear();
    this.compiled.clear();
    this.screens.clear();
    this.stamps.clear();
  }

  private stamp(file: string): string | null {
    if (this.recheckMs <= 0) return this.statStamp(file);
    // A cache lifetime, not business time: the monotonic clock, not the injected Clock.
    const now = performance.now();
    const hit = this.stamps.get(file);
    if (hit && now - hit.at < this.recheckMs) return hit.stamp;
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
    const file = path.join(this.dir, relative);
    const stamp = this.stamp(file);
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

  /** Whether `screens/<name>.schema.json` exists. */
  schemaExists = (name: string): boolean => this.stamp(path.join(this.dir, 'screens', `${name}.schema.json`)) !== null;

  /**
   * The compiled schema for a payload reference such as `screens/bindBank` or `api/bankDelete`.
   * @throws Error when the file is missing (a programming error: routes name existing files).
   */
  payloadSchema(ref: string): CompiledSchema {
    const relative = `${ref}.schema.json`;
    const file = path.join(this.dir, relative);
    const stamp = this.stamp(file);
    if (stamp === null) throw new Error(`schema ${relative} is missing`);
    const hit = this.compiled.get(ref);
    if (hit && hit.stamp === stamp) return hit.value;
    const schema = this.readJson<SchemaNode>(relative)!;
    const value = { schema, validate: this.ajv.compile(schema) };
    this.compiled.set(ref, { stamp, value });
    return value;
  }

  /**
   * The browser's validator for `screens/<name>.schema.json` as an ES module (issue 13),
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

  /** Ids of every screen that has a layout file. */
  screenIds(): string[] {
    return fs
      .readdirSync(path.join(this.dir, 'screens'))
      .filter((name) => name.endsWith('.layout.json'))
      .map((name) => name.slice(0, -'.layout.json'.length))
      .sort();
  }

  /** Lints one screen's layout and the schemas it names. */
  lintScreen(id: string): LintProblem[] {
    const relative = `screens/${id}.layout.json`;
    const meta = this.readJson<Record<string, unknown>>('layout.meta.json');
    if (!meta) return [{ file: 'layout.meta.json', pointer: '/', message: 'catalogue is missing' }];
    const layout = this.readJson(relative);
    const context: LintContext = { ...this.context(), meta, schemaExists: this.schemaExists };
    const problems = lintLayout(relative, layout, context);
    for (const name of referencedSchemas(layout)) {
      if (!this.schemaExists(name)) continue;
      const schemaFile = `screens/${name}.schema.json`;
      problems.push(...lintSchema(schemaFile, this.readJson(schemaFile), context));
      try {
        this.payloadSchema(`screens/${name}`);
      } catch (error) {
        problems.push({ file: schemaFile, pointer: '/', message: `does not compile: ${(error as Error).message}` });
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

  private buildScreen(id: string, layout: Record<string, unknown>): { payload: ScreenPayload; etag: string } {
    const problems = this.lintScreen(id);
    if (problems.length) throw new AppError('screenInvalid', { id }, { problems: formatProblems(problems).split('\n') });
    const schemas: Record<string, SchemaNode> = {};
    for (const name of referencedSchemas(layout)) {
      schemas[name] = this.readJson<SchemaNode>(`screens/${name}.schema.json`)!;
      this.validatorModule(name); // compiled as the screen is loaded, ready when the form asks
    }
    const payload: ScreenPayload = { id, layout, schemas };
    const etag = `"${createHash('sha1').update(JSON.stringify(payload)).digest('base64url')}"`;
    return { payload, etag };
  }
}

/** Names in every block's `schema` property, nested blocks (e.g. inside tabs) included. */
function referencedSchemas(layout: unknown): string[] {
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      if (typeof record.kind === 'string' && typeof record.schema === 'string') names.add(record.schema);
      Object.values(record).forEach(visit);
    }
  };
  visit((layout as { blocks?: unknown } | null)?.blocks ?? []);
  return [...names];
}
