import fs from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';

/**
 * A result file written in order: `write` waits for the disk when the buffer is full, `close` ends
 * it and waits for its descriptor to close, `abort` drops it (the caller removes the file).
 * The stream's errors are kept and thrown by the next `write` or `close`, never left as an
 * 'error' event nobody hears: a write still in flight when a job is cancelled ends with
 * ERR_STREAM_DESTROYED, and unheard that would stop the process.
 */
export interface FileSink {
  /** For `pipeline(…, sink.stream, { end: false })`. */
  readonly stream: fs.WriteStream;
  write(chunk: string | Buffer): Promise<void>;
  close(): Promise<void>;
  abort(): Promise<void>;
}

export function fileSink(file: string, options?: { encoding?: BufferEncoding }): FileSink {
  const stream = fs.createWriteStream(file, options);
  let failure: Error | null = null;
  stream.on('error', (err) => {
    failure ??= err;
  });
  const closed = new Promise<void>((resolve) => stream.once('close', () => resolve()));
  return {
    stream,
    async write(chunk) {
      if (failure) throw failure;
      if (!stream.write(chunk)) await once(stream, 'drain');
    },
    async close() {
      if (failure) throw failure;
      stream.end();
      await finished(stream);
      await closed;
    },
    async abort() {
      stream.destroy();
      await closed;
    },
  };
}
