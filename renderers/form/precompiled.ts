/**
 * The browser's form validators: rjsf's precompiled ajv validator over functions the
 * server compiled (`GET /api/ui/validators/<schema>.js`, ajv standalone, ETag-revalidated) —
 * the browser ships no ajv compiler and never evaluates code, so the CSP needs no
 * `unsafe-eval`. One module per data schema, imported once per schema version.
 *
 * Validators are keyed by the rjsf hash of the label-free schema (`validatorSchema`): the form
 * hands rjsf a schema with localized titles, which must find the same functions.
 */
import { useEffect, useMemo, useState } from 'react';
import AJV8PrecompiledValidator from '@rjsf/validator-ajv8/lib/precompiledValidator.js';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8/lib/types.js';
import { hashForSchema, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import { validatorSchema } from '../../src/shared/validator-schema';
import { verhoeffValid } from '../../src/shared/verhoeff';
import { patternEngine } from '../../src/shared/pattern-engine';

/** What a served validator module exports. */
export interface ValidatorModule {
  rootKey: string;
  requires: string[];
  /** The schema's staff-written patterns (RE2); the others are code-owned and run on `RegExp`. */
  staffPatterns?: string[];
  default: (require: (id: string) => unknown) => ValidatorFunctions;
}

/**
 * Runtime helpers the compiled code may `require` (the server refuses any other). Each is
 * imported only by a module that requires it: RE2 (`nivesh/linear-regexp`, the engine the
 * server runs staff-written patterns on) is its own chunk, fetched only for a form with a
 * staff-written `pattern` (see {@link runtimeFor}).
 */
const RUNTIME: Record<string, () => Promise<unknown>> = {
  'ajv/dist/runtime/ucs2length': async () => ({ default: ucs2length }),
  'ajv/dist/runtime/equal': async () => ({ default: (await import('fast-deep-equal')).default }),
  'ajv-formats/dist/formats': async () => import('ajv-formats/dist/formats'),
  'nivesh/verhoeff': async () => ({ verhoeffValid }),
  'nivesh/linear-regexp': async () => import('../../src/shared/linear-regexp'),
};

/**
 * The runtime module `id` as one validator module needs it. The pattern engine is the server's
 * (`src/shared/pattern-engine.ts`): code-owned patterns on `RegExp`, staff-written ones on RE2,
 * which is imported only when the module has one.
 */
async function runtimeFor(id: string, module: ValidatorModule): Promise<unknown> {
  if (id !== 'nivesh/linear-regexp') return loadRuntime(id);
  if (!module.staffPatterns?.length) return { linearRegExp: patternEngine() };
  const { linearRegExp } = (await loadRuntime(id)) as typeof import('../../src/shared/linear-regexp');
  return { linearRegExp: patternEngine(linearRegExp) };
}

/** Unicode code point count (ajv's `ucs2length`, for `minLength`/`maxLength`). */
function ucs2length(text: string): number {
  return [...text].length;
}

const modules = new Map<string, Promise<ValidatorFunctions>>();
const runtimes = new Map<string, Promise<unknown>>();

/**
 * Imports (once) the runtime module `id`.
 * @throws Error when this loader does not have it.
 */
function loadRuntime(id: string): Promise<unknown> {
  let pending = runtimes.get(id);
  if (!pending) {
    const load = RUNTIME[id];
    if (!load) throw new Error(`validator needs an unknown runtime module ${id}`);
    pending = load();
    pending.catch(() => runtimes.delete(id)); // a failed import may be retried
    runtimes.set(id, pending);
  }
  return pending;
}

/**
 * The validate functions of a served module, its runtime helpers imported first.
 * @throws Error when the module requires a helper this loader does not have.
 */
export async function instantiateValidators(module: ValidatorModule): Promise<ValidatorFunctions> {
  const loaded = new Map<string, unknown>();
  for (const id of module.requires) loaded.set(id, await runtimeFor(id, module));
  return module.default((id) => loaded.get(id));
}

/** The URL of a schema's validator; `v` changes with the schema, so an edited schema re-imports. */
export function validatorUrl(name: string, rawSchema: object): string {
  return `/api/ui/validators/${encodeURIComponent(name)}.js?v=${encodeURIComponent(schemaKey(rawSchema))}`;
}

/** The key a schema's validate function has in the module. */
export function schemaKey(schema: object): string {
  return hashForSchema(validatorSchema(schema) as RJSFSchema);
}

/**
 * Imports (once) and instantiates the validator functions of a schema.
 * @throws Error when the module cannot be loaded or does not hold the schema's root validator
 *   (the schema changed on the server between the screen's load and this import).
 */
export function loadValidatorFunctions(name: string, rawSchema: object): Promise<ValidatorFunctions> {
  const url = validatorUrl(name, rawSchema);
  let pending = modules.get(url);
  if (!pending) {
    pending = (async () => {
      const module = (await import(/* @vite-ignore */ url)) as ValidatorModule;
      const fns = await instantiateValidators(module);
      if (!fns[schemaKey(rawSchema)]) throw new Error(`validator ${name} is out of date`);
      return fns;
    })();
    pending.catch(() => modules.delete(url)); // a failed import may be retried
    modules.set(url, pending);
  }
  return pending;
}

/** rjsf's precompiled validator, looking functions up by the label-free schema's hash. */
class LabelFreePrecompiledValidator extends AJV8PrecompiledValidator {
  override getValidator(schema: RJSFSchema) {
    const validator = this.validateFns[schemaKey(schema)];
    if (!validator) throw new Error(`No precompiled validator function was found for the given schema for "${schemaKey(schema)}"`);
    return validator;
  }
}

/** rjsf's precompiled validator for `schema` (the localized schema the form renders). */
export function createFormValidator(fns: ValidatorFunctions, schema: RJSFSchema): ValidatorType {
  return new LabelFreePrecompiledValidator(fns, schema);
}

/** State of {@link useFormValidator}. */
export type FormValidatorState = { validator: ValidatorType; error?: undefined } | { validator?: undefined; error?: Error };

/**
 * The validator for the form of data schema `name`.
 * @param rawSchema the schema as served (message ids as titles).
 * @param schema the localized schema given to rjsf.
 * @returns `{}` while loading, `{error}` when the module failed, else `{validator}`; `retry`.
 */
export function useFormValidator(name: string, rawSchema: object, schema: RJSFSchema): FormValidatorState & { retry: () => void } {
  const [fns, setFns] = useState<{ url: string; fns?: ValidatorFunctions; error?: Error } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const url = validatorUrl(name, rawSchema);
  useEffect(() => {
    let live = true;
    loadValidatorFunctions(name, rawSchema).then(
      (loaded) => live && setFns({ url, fns: loaded }),
      (error: Error) => live && setFns({ url, error }),
    );
    return () => {
      live = false;
    };
  }, [url, attempt]); // eslint-disable-line react-hooks/exhaustive-deps
  const current = fns && fns.url === url ? fns : null;
  const validator = useMemo(() => (current?.fns ? createFormValidator(current.fns, schema) : null), [current, schema]);
  const retry = () => setAttempt((n) => n + 1);
  if (validator) return { validator, retry };
  return { error: current?.error, retry };
}
