/**
 * jsdom has no server to import `/api/ui/validators/<schema>.js` from: a form under
 * test gets the module the server would serve, compiled by the server's own compiler and run
 * with the runtime helpers the browser loader provides. Use with
 * `vi.mock('…/renderers/form/precompiled', async (orig) => (await import('./helpers/form-validator-mock')).mockPrecompiled(orig))`.
 */
type Precompiled = typeof import('../../../renderers/form/precompiled');

/** The replacement module: `useFormValidator` answers at once with the compiled validator. */
export async function mockPrecompiled(importOriginal: <T>() => Promise<T>): Promise<Precompiled> {
  const original = await importOriginal<Precompiled>();
  const { compileValidatorModule } = await import('../../../src/server/screens/validators');
  const { verhoeffValid } = await import('../../../src/shared/verhoeff');
  const runtime: Record<string, unknown> = {
    'ajv/dist/runtime/ucs2length': { default: (text: string) => [...text].length },
    'ajv/dist/runtime/equal': { default: (await import('fast-deep-equal')).default },
    'ajv-formats/dist/formats': await import('ajv-formats/dist/formats'),
    'nivesh/verhoeff': { verhoeffValid },
    'nivesh/linear-regexp': { linearRegExp: (await import('../../../src/shared/linear-regexp')).linearRegExp },
  };
  const compiled = (rawSchema: object) => {
    const source = compileValidatorModule(rawSchema as never).code;
    const body = source.slice(source.indexOf('{', source.indexOf('export default function validators(require)')) + 1, source.lastIndexOf('}'));
    return new Function('require', body)((id: string) => runtime[id]) as Parameters<Precompiled['createFormValidator']>[0];
  };
  return {
    ...original,
    useFormValidator: ((_name: string, rawSchema: object, schema: Parameters<Precompiled['createFormValidator']>[1]) => ({
      validator: original.createFormValidator(compiled(rawSchema), schema),
      retry: () => undefined,
    })) as unknown as Precompiled['useFormValidator'],
  };
}
