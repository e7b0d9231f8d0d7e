import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { once } from 'node:events';
import { fileSink } from './file-sink';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tombo-sink-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('fileSink', () => {
  it('writes in order and closes the file', async () => {
    const file = path.join(dir, 'ok.txt');
    const sink = fileSink(file);
    for (let i = 0; i < 1000; i++) await sink.write(`${i}\n`);
    await sink.close();
    expect(sink.stream.closed).toBe(true);
    expect(fs.readFileSync(file, 'utf8').split('\n')[999]).toBe('999');
  });

  // A cancelled job aborts while its writes are still in flight: those end in ERR_STREAM_DESTROYED,
  // which a bare stream emits as an 'error' nobody hears (the run reports it as an uncaught error).
  it('abort with writes in flight closes the file and raises nothing', async () => {
    for (let i = 0; i < 40; i++) {
      const sink = fileSink(path.join(dir, `abort-${i}.bin`));
      await once(sink.stream, 'open');
      // Under the buffer's mark: the write resolves at once, while the disk still has it.
      await sink.write(Buffer.alloc(1 << 13));
      await sink.abort();
      expect(sink.stream.closed).toBe(true);
    }
  });

  it('a disk error is thrown by the next write or close, not emitted', async () => {
    const sink = fileSink(path.join(dir, 'missing-folder', 'x.txt'));
    await sink.write('buffered before the open fails');
    await new Promise((r) => setTimeout(r, 50));
    await expect(sink.write('more')).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(sink.close()).rejects.toMatchObject({ code: 'ENOENT' });
    await sink.abort();
  });
});
