import { create } from 'qrcode';
import { describe, expect, it } from 'vitest';
import { createFrameDecoder, luminanceOf } from './decode';

/** A camera-like RGBA frame: grey noisy background with the QR of `text` drawn at (x, y), `scale` px per module. */
function frameWithQr(text: string, opts: { width: number; height: number; x: number; y: number; scale: number }) {
  const qr = create(text, { errorCorrectionLevel: 'M' });
  const { size, data } = qr.modules;
  const rgba = new Uint8ClampedArray(opts.width * opts.height * 4);
  let seed = 7;
  const noise = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 21) - 10;
  const quiet = 4;
  for (let py = 0; py < opts.height; py += 1) {
    for (let px = 0; px < opts.width; px += 1) {
      const mx = Math.floor((px - opts.x) / opts.scale) - quiet;
      const my = Math.floor((py - opts.y) / opts.scale) - quiet;
      const inside = px >= opts.x && py >= opts.y && mx < size + quiet && my < size + quiet;
      const dark = inside && mx >= 0 && my >= 0 && mx < size && my < size && data[my * size + mx] === 1;
      const base = !inside ? 150 : dark ? 30 : 235;
      const p = (py * opts.width + px) * 4;
      rgba[p] = rgba[p + 1] = rgba[p + 2] = base + noise();
      rgba[p + 3] = 255;
    }
  }
  return rgba;
}

describe('label decoding (the camera path without BarcodeDetector)', () => {
  it('reads the public URL from a Tombo label QR inside a larger noisy frame', () => {
    const url = 'https://tombo.example.gov.br/consulta-publica/bem/2024000123';
    const frame = frameWithQr(url, { width: 640, height: 480, x: 180, y: 90, scale: 6 });
    expect(createFrameDecoder().decode(frame, 640, 480)).toBe(url);
  });

  it('reads a small QR (3 px per module) with tryHarder', () => {
    const frame = frameWithQr('000457', { width: 320, height: 240, x: 100, y: 60, scale: 3 });
    expect(createFrameDecoder({ tryHarder: true }).decode(frame, 320, 240)).toBe('000457');
  });

  it('answers null for a frame without a code, and keeps working afterwards', () => {
    const decoder = createFrameDecoder();
    const blank = new Uint8ClampedArray(200 * 100 * 4).fill(128);
    expect(decoder.decode(blank, 200, 100)).toBeNull();
    const frame = frameWithQr('PAT-9', { width: 300, height: 300, x: 40, y: 40, scale: 5 });
    expect(decoder.decode(frame, 300, 300)).toBe('PAT-9');
  });

  it('turns RGBA into grey levels weighted toward green', () => {
    expect([...luminanceOf([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255], 3, 1)]).toEqual([63, 127, 63]);
  });
});
