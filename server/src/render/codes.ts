import bwipjs from 'bwip-js/node';
import QRCode from 'qrcode';

/**
 * QR codes and Code 128 barcodes as SVG markup (vector paths: they print sharp at any size and
 * Chromium keeps them as paths in the PDF). Sized by the caller's box (the SVG fills it).
 */
export interface CodeBox {
  /** Width and height of the box the code fills, in a CSS unit (e.g. '18mm'). */
  width: string;
  height: string;
}

/** A QR code of `text` (error correction M, no quiet zone: the caller leaves the margin). */
export async function qrSvg(text: string, box: CodeBox, margin = 0): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', margin, errorCorrectionLevel: 'M' });
  return sized(svg, box, 'xMidYMid meet');
}

/** A Code 128 barcode of `text` (bars only; the caller prints the number as text if wanted). */
export function code128Svg(text: string, box: CodeBox): string {
  const svg = bwipjs.toSVG({ bcid: 'code128', text, height: 10, includetext: false });
  return sized(svg, box, 'none');
}

/** Sets the SVG's own size to the box, keeping its viewBox (so it scales as vectors). */
function sized(svg: string, box: CodeBox, preserve: string): string {
  return svg
    .replace(/<\?xml[^>]*>\s*/, '')
    .replace('<svg ', `<svg width="${box.width}" height="${box.height}" preserveAspectRatio="${preserve}" `);
}
