/** The server's ajv for screen and call schemas: same keywords and options as the browser. */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { AJV_OPTIONS } from '../../shared/validation.js';
import { addNiveshKeywords } from './keywords.js';

/** A fresh ajv instance with formats and Nivesh keywords. */
export function createSchemaAjv(): Ajv {
  const ajv = new Ajv({ ...AJV_OPTIONS });
  addFormats(ajv);
  return addNiveshKeywords(ajv);
}
