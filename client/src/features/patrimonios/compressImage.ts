/** Spec §9 image compression defaults. */
export const IMAGE_COMPRESSION = { maxBytes: 1024 * 1024, maxSide: 1920, quality: 0.9 } as const;

let worker: Worker | null = null;
let nextId = 1;

function getWorker(): Worker {
  worker ??= new Worker(new URL('./compress.worker.ts', import.meta.url), { type: 'module' });
  return worker;
}

const EXT: Record<string, string> = { 'image/jpeg': 'jpg', 'image/webp': 'webp' };

async function imageSize(file: File): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

/**
 * Compresses an image in a background worker: at most 1 MB and 1920 px, quality 0.9 (spec §9).
 * Only images are accepted; on any compression failure the original file is used unchanged.
 */
export async function compressImage(file: File): Promise<File> {
  if (!file.type.startsWith('image/')) throw new Error('Apenas imagens podem ser comprimidas.');
  // Animated GIFs and TIFFs are left to the server, which re-encodes every photo.
  if (file.type === 'image/gif' || file.type === 'image/tiff') return file;
  try {
    const size = await imageSize(file);
    if (
      size &&
      file.size <= IMAGE_COMPRESSION.maxBytes &&
      Math.max(size.width, size.height) <= IMAGE_COMPRESSION.maxSide
    )
      return file;
    const id = nextId++;
    const w = getWorker();
    const blob = await new Promise<Blob>((resolve, reject) => {
      const onMessage = (e: MessageEvent<{ id: number; blob?: Blob; error?: string }>) => {
        if (e.data.id !== id) return;
        w.removeEventListener('message', onMessage);
        if (e.data.blob) resolve(e.data.blob);
        else reject(new Error(e.data.error ?? 'falha'));
      };
      w.addEventListener('message', onMessage);
      w.postMessage({ id, file, ...IMAGE_COMPRESSION });
      setTimeout(() => reject(new Error('tempo esgotado')), 60_000);
    });
    if (blob.size >= file.size) return file;
    const base = file.name.replace(/\.[^.]+$/, '');
    return new File([blob], `${base}.${EXT[blob.type] ?? 'jpg'}`, { type: blob.type, lastModified: file.lastModified });
  } catch {
    return file;
  }
}
