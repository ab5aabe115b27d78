import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from './types.js';

const SAFE_KEY = /^[A-Za-z0-9_-]+$/;

/** Files under one folder, sharded by the key's first two characters. */
export function localStorage(root: string): FileStorage {
  const fileFor = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key: ${key}`);
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    async put(key, body) {
      const file = fileFor(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, body, { flag: 'wx', mode: 0o600 });
    },
    async get(key) {
      try {
        return await fs.readFile(fileFor(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(fileFor(key), { force: true });
    },
  };
}
