/**
 * A CodeMirror 6 JSON editor: syntax errors with line and column in the studio's language,
 * completion and hover from a JSON Schema (codemirror-json-schema; the layout editor gets the
 * catalogue, and the calls and fields its bindings name), and the server's problems (`pointer: message`, in the editor's language) as
 * inline diagnostics. Reports the JSON pointer at the cursor so the studio can show the
 * selected block's properties. The editor owns its text: however fast keys arrive, nothing
 * typed is written over by a late echo of the parent's state.
 */
import { useEffect, useRef } from 'react';
import { EditorView, hoverTooltip, type ViewUpdate } from '@codemirror/view';
import { baseSetup } from './setup';
import { editorRoot, fillHost } from './editor-root';
import { minimalChange, parseDocument } from './json-document';
import { Annotation, EditorState, Compartment } from '@codemirror/state';
import { json, jsonLanguage } from '@codemirror/lang-json';
import type { CompletionSource } from '@codemirror/autocomplete';
import { linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import { getJsonPointers, jsonCompletion, jsonPointerForPosition, jsonSchemaHover, stateExtensions } from 'codemirror-json-schema';

/** One server problem, its pointer relative to this document. */
export interface EditorProblem {
  pointer: string;
  message: string;
}

/** Props of {@link JsonEditor}. */
export interface JsonEditorProps {
  value: string;
  onChange(text: string): void;
  /** JSON Schema of the document (completion, hover, lint); none = syntax only. */
  schema?: Record<string, unknown>;
  /** More completion (the layout's bindings); read when the editor is created. */
  completions?: CompletionSource;
  problems?: EditorProblem[];
  onCursor?(pointer: string): void;
  label: string;
  testId: string;
  /** The editor's own wording of "not valid JSON at line L, column C" (the studio's language). */
  syntaxMessage(line: number, column: number): string;
}

/** Where the text stops being JSON, as one diagnostic in the studio's language. */
function syntaxDiagnostics(view: EditorView, message: (line: number, column: number) => string): Diagnostic[] {
  const { error } = parseDocument(view.state.doc.toString());
  if (!error) return [];
  const line = view.state.doc.line(Math.min(error.line, view.state.doc.lines));
  const from = Math.min(line.from + error.column - 1, line.to);
  return [{ from, to: Math.min(from + 1, view.state.doc.length), severity: 'error', message: message(error.line, error.column), source: 'json' }];
}

/** Marks a transaction that brings an outside value in (property panel, reload): not echoed back. */
const outside = Annotation.define<boolean>();

/** Places problems at their pointer's value (or the nearest parent found). */
function serverDiagnostics(view: EditorView, problems: EditorProblem[]): Diagnostic[] {
  const pointers = getJsonPointers(view.state, 'json4');
  return problems.map((problem) => {
    let pointer = problem.pointer;
    while (pointer && !pointers.has(pointer)) pointer = pointer.slice(0, pointer.lastIndexOf('/'));
    const hit = pointers.get(pointer);
    const from = hit?.keyFrom ?? 0;
    const to = hit && 'valueTo' in hit ? hit.valueTo : Math.min(from + 1, view.state.doc.length);
    return { from, to, severity: 'error', message: `${problem.pointer || '/'}: ${problem.message}`, source: 'server' };
  });
}

/** The JSON editor. */
export function JsonEditor({ value, onChange, schema, completions, problems = [], onCursor, label, testId, syntaxMessage }: JsonEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const problemsRef = useRef(problems);
  const callbacks = useRef({ onChange, onCursor, syntaxMessage });
  callbacks.current = { onChange, onCursor, syntaxMessage };
  const serverLint = useRef(new Compartment());
  /**
   * Texts this editor reported through `onChange` that the parent may still hand back as
   * `value` (it renders later than keys arrive): those are echoes, never outside changes.
   */
  const echoes = useRef(new Set<string>([value]));

  useEffect(() => {
    const state = EditorState.create({
      doc: value,
      extensions: [
        baseSetup,
        fillHost,
        json(),
        // Completion and hover from the schema; its checks are the server's (in the editor's
        // language, debounced), not a second validator compiled on every pause.
        ...(schema ? [jsonLanguage.data.of({ autocomplete: jsonCompletion() }), hoverTooltip(jsonSchemaHover()), stateExtensions(schema as never)] : []),
        ...(completions ? [jsonLanguage.data.of({ autocomplete: completions })] : []),
        linter((v) => syntaxDiagnostics(v, (line, column) => callbacks.current.syntaxMessage(line, column))),
        lintGutter(),
        serverLint.current.of(linter((v) => serverDiagnostics(v, problemsRef.current), { delay: 0 })),
        EditorView.contentAttributes.of({ 'aria-label': label }),
        EditorView.updateListener.of((update: ViewUpdate) => {
          // An outside value is already the parent's: neither echoed nor a cursor move of the editor's.
          if (update.transactions.some((tr) => tr.annotation(outside))) return;
          if (update.docChanged) {
            const text = update.state.doc.toString();
            echoes.current.add(text);
            callbacks.current.onChange(text);
          }
          if ((update.selectionSet || update.docChanged) && callbacks.current.onCursor) {
            try {
              callbacks.current.onCursor(jsonPointerForPosition(update.state, update.state.selection.main.head, 1, 'json4'));
            } catch {
              // no pointer while the document does not parse
            }
          }
        }),
      ],
    });
    const root = editorRoot(host.current!);
    view.current = new EditorView({ state, parent: root, root });
    return () => view.current?.destroy();
    // The editor is created once per document identity (key); value changes flow below.
  }, []);

  // Outside changes (property panel, loading another version) replace only what differs, so
  // the cursor stays where it was. A value this editor reported itself (however late the parent
  // hands it back while keys keep arriving) is never written back over newer typing.
  useEffect(() => {
    const current = view.current;
    if (!current) return;
    if (echoes.current.has(value)) {
      if (value === current.state.doc.toString()) echoes.current = new Set([value]);
      return;
    }
    const change = minimalChange(current.state.doc.toString(), value);
    echoes.current = new Set([value]);
    if (change) current.dispatch({ changes: change, annotations: outside.of(true) });
  }, [value]);

  // New server problems: re-run the server linter.
  useEffect(() => {
    problemsRef.current = problems;
    const current = view.current;
    if (current) current.dispatch({ effects: serverLint.current.reconfigure(linter((v) => serverDiagnostics(v, problemsRef.current), { delay: 0 })) });
  }, [problems]);

  return <div ref={host} className="studio-editor" data-testid={testId} />;
}
