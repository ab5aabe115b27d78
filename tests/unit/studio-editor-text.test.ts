/**
 * The studio editor's reading of its texts: a broken JSON document is reported with the line
 * and column where it stops being JSON (valid JSON that is not an object at line 1, column 1),
 * and an outside change of the editor's text is the smallest single replacement, so the cursor
 * around it stays where it was.
 */
import { describe, expect, it } from 'vitest';
import { minimalChange, parseDocument } from '../../src/app/studio/json-document.js';

describe('parseDocument', () => {
  it('answers the object of a valid document', () => {
    expect(parseDocument('{"screen": "x"}')).toEqual({ value: { screen: 'x' }, error: null });
  });

  it('names the line and column where a document stops being JSON', () => {
    expect(parseDocument('{\n  "a": 1,\n  "b" 2\n}').error).toEqual({ kind: 'syntax', line: 3, column: 7 });
    expect(parseDocument('{\n  "a": [1, 2\n').error).toMatchObject({ kind: 'syntax', line: 3 });
    expect(parseDocument('').error).toMatchObject({ kind: 'syntax', line: 1, column: 1 });
  });

  it('refuses valid JSON that is not an object', () => {
    expect(parseDocument('[1]').error).toEqual({ kind: 'notObject', line: 1, column: 1 });
  });
});

describe('minimalChange', () => {
  it('replaces only the part that differs', () => {
    expect(minimalChange('{"a": "xy"}', '{"a": "xyz"}')).toEqual({ from: 9, to: 9, insert: 'z' });
    expect(minimalChange('abc', 'abc')).toBeNull();
    expect(minimalChange('aaa', 'aa')).toEqual({ from: 2, to: 3, insert: '' });
    expect(minimalChange('', 'new')).toEqual({ from: 0, to: 0, insert: 'new' });
  });
});
