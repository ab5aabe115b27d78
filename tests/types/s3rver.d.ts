/** The part of s3rver 3.x (an S3-compatible test server, no bundled types) the tests use. */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    configureBuckets?: Array<{ name: string; configs: Array<string | Buffer> }>;
  }

  export default class S3rver {
    constructor(options?: S3rverOptions);
    /** Starts listening; resolves with the bound address. */
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
