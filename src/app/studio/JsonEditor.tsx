/**
 * A CodeMirror 6 JSON editor: syntax errors, schema completion, hover and linting
 * from a JSON Schema (codemirror-json-schema; the layout editor gets the catalogue), plus the
 * server's problems (`pointer: message`) as inline diagnostics. Reports the JSON pointer at
 * the cursor so the studio can show the selected block's properties.
 */
import { useEffect, useRef } from 'react';
import { EditorView, type ViewUpdate } from '@codemirror/view';
import { baseSetup } from './setup';
import { editorRoot, fillHost } from './editor-root';
import { EditorState, Compartment } from '@codemirror/state';
import { json, jsonParseLinter } from '@codemirror/lang-json';
import { linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import { jsonSchema, getJsonPointers, jsonPointerForPosition } from 'codemirror-json-schema';

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
  problems?: EditorProblem[];
  onCursor?(pointer: string): void;
  label: string;
  testId: string;
}

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
export function JsonEditor({ value, onChange, schema, problems = [], onCursor, label, testId }: JsonEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const problemsRef = useRef(problems);
  const callbacks = useRef({ onChange, onCursor });
  callbacks.current = { onChange, onCursor };
  const serverLint = useRef(new Compartment());

  useEffect(() => {
    const state = EditorState.create({
      doc: value,
      extensions: [
        baseSetup,
        fillHost,
        schema ? jsonSchema(schema as never) : json(),
        linter(jsonParseLinter()),
        lintGutter(),
        serverLint.current.of(linter((v) => serverDiagnostics(v, problemsRef.current), { delay: 0 })),
        EditorView.contentAttributes.of({ 'aria-label': label }),
        EditorView.updateListener.of((update: ViewUpdate) => {
          if (update.docChanged) callbacks.current.onChange(update.state.doc.toString());
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

  // Outside changes (property panel, loading another version) replace the text.
  useEffect(() => {
    const current = view.current;
    if (current && current.state.doc.toString() !== value) {
      current.dispatch({ changes: { from: 0, to: current.state.doc.length, insert: value } });
    }
  }, [value]);

  // New server problems: re-run the server linter.
  useEffect(() => {
    problemsRef.current = problems;
    const current = view.current;
    if (current) current.dispatch({ effects: serverLint.current.reconfigure(linter((v) => serverDiagnostics(v, problemsRef.current), { delay: 0 })) });
  }, [problems]);

  return <div ref={host} className="studio-editor" data-testid={testId} />;
}
