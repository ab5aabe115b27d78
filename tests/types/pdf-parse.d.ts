/** pdf-parse's parser itself (its package entry runs a debug read when loaded as the main module). */
declare module 'pdf-parse/lib/pdf-parse.js' {
  function pdf(data: Buffer): Promise<{ numpages: number; text: string; info: Record<string, unknown> }>;
  export default pdf;
}
