/**
 * Where uploaded files live. Local disk under `DATA_DIR/uploads` by default; an
 * S3-compatible bucket (`STORAGE_DRIVER=s3`) when several API processes must share files.
 * Keys are random ids chosen by the server, never client input.
 */
export interface FileStorage {
  /** Writes a file; overwrites nothing (keys are fresh). */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Reads a file, or null when absent. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}
