/**
 * Background image compression (spec §9): at most 1 MB and 1920 px on the longer side, starting at
 * quality 0.9. Runs in a dedicated worker (same-origin module, allowed by the app's CSP).
 */
interface Request {
  id: number;
  file: Blob;
  maxBytes: number;
  maxSide: number;
  quality: number;
}
interface Reply {
  id: number;
  blob?: Blob;
  type?: string;
  error?: string;
}

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<Request>) => void) | null;
  postMessage: (r: Reply) => void;
};

async function compress({ file, maxBytes, maxSide, quality }: Request): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  try {
    const keepsAlpha = file.type === 'image/png' || file.type === 'image/webp';
    const type = keepsAlpha ? 'image/webp' : 'image/jpeg';
    let scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    let q = quality;
    for (let attempt = 0; attempt < 10; attempt++) {
      const w = Math.max(1, Math.round(bitmap.width * scale));
      const h = Math.max(1, Math.round(bitmap.height * scale));
      const canvas = new OffscreenCanvas(w, h);
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no 2d context');
      if (type === 'image/jpeg') {
        ctx.fillStyle = '#fff';
        ctx.fillRect(0, 0, w, h);
      }
      ctx.drawImage(bitmap, 0, 0, w, h);
      const blob = await canvas.convertToBlob({ type, quality: q });
      if (blob.size <= maxBytes) return blob;
      // Lower the quality first, then the size.
      if (q > 0.5) q = Math.max(0.5, q - 0.1);
      else scale *= 0.8;
    }
    throw new Error('could not reach the size limit');
  } finally {
    bitmap.close();
  }
}

scope.onmessage = (e) => {
  compress(e.data).then(
    (blob) => scope.postMessage({ id: e.data.id, blob, type: blob.type }),
    (err: unknown) => scope.postMessage({ id: e.data.id, error: String(err) }),
  );
};
