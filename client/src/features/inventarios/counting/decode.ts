import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatOneDReader,
  QRCodeReader,
  RGBLuminanceSource,
  type Reader,
} from '@zxing/library';

/** Symbologies a Tombo label or an older plate may carry: the QR (public URL) and the usual 1D codes of numbers. */
const ONE_D_FORMATS = [BarcodeFormat.CODE_128, BarcodeFormat.CODE_39, BarcodeFormat.EAN_13, BarcodeFormat.ITF];

/** Grey levels of an RGBA frame (canvas ImageData), the green-favouring average ZXing itself uses. */
export function luminanceOf(rgba: ArrayLike<number>, width: number, height: number): Uint8ClampedArray {
  const out = new Uint8ClampedArray(width * height);
  for (let i = 0, p = 0; i < out.length; i += 1, p += 4) {
    out[i] = (rgba[p] + 2 * rgba[p + 1] + rgba[p + 2]) >> 2;
  }
  return out;
}

/**
 * A reusable ZXing reader of RGBA frames: the text of the first code found, or null. The QR reader goes
 * first (Tombo's labels); MultiFormatReader is not used because it logs every frame without a code.
 */
export function createFrameDecoder(opts: { tryHarder?: boolean } = {}) {
  const hints = new Map<DecodeHintType, unknown>([[DecodeHintType.POSSIBLE_FORMATS, ONE_D_FORMATS]]);
  if (opts.tryHarder) hints.set(DecodeHintType.TRY_HARDER, true);
  const readers: Reader[] = [new QRCodeReader(), new MultiFormatOneDReader(hints)];
  return {
    decode(rgba: ArrayLike<number>, width: number, height: number): string | null {
      const bitmap = new BinaryBitmap(
        new HybridBinarizer(new RGBLuminanceSource(luminanceOf(rgba, width, height), width, height)),
      );
      for (const reader of readers) {
        try {
          return reader.decode(bitmap, hints).getText();
        } catch {
          // NotFound / Checksum / Format: no readable code of this kind in the frame.
        } finally {
          reader.reset();
        }
      }
      return null;
    },
  };
}
