import { saveBlob } from '../../lib/http';

/** Style properties that decide how an SVG element looks (MUI X Charts sets many through CSS classes). */
const PROPS = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
  'visibility',
  'display',
];

/** A copy of the SVG with every element's computed style written inline, so it draws the same outside the page. */
function inlineStyles(svg: SVGSVGElement): SVGSVGElement {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const from = [svg, ...svg.querySelectorAll('*')];
  const to = [copy, ...copy.querySelectorAll('*')];
  from.forEach((el, i) => {
    const cs = getComputedStyle(el);
    const style = PROPS.map((p) => `${p}:${cs.getPropertyValue(p)}`).join(';');
    (to[i] as SVGElement).setAttribute('style', style);
  });
  return copy;
}

/** The first opaque background from `el` up (the card the chart sits on, light or dark theme). */
function backgroundOf(el: HTMLElement | null): string {
  for (; el; el = el.parentElement) {
    const bg = getComputedStyle(el).backgroundColor;
    if (bg && bg !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(bg)) return bg;
  }
  return '#ffffff';
}

/**
 * Saves the chart inside `container` as a PNG: its SVG (styles inlined) drawn on a canvas at twice the
 * size, on the card's own background, with a title line above. No library: the browser rasterises the SVG.
 */
export async function saveChartPng(container: HTMLElement, title: string, fileName: string): Promise<void> {
  const svg = [...container.querySelectorAll('svg')].sort(
    (a, b) =>
      b.getBoundingClientRect().width * b.getBoundingClientRect().height -
      a.getBoundingClientRect().width * a.getBoundingClientRect().height,
  )[0];
  if (!svg) throw new Error('Gráfico não encontrado.');
  const { width, height } = svg.getBoundingClientRect();
  const copy = inlineStyles(svg);
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  const url = URL.createObjectURL(
    new Blob([new XMLSerializer().serializeToString(copy)], { type: 'image/svg+xml;charset=utf-8' }),
  );
  try {
    const img = new Image();
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error('Não foi possível desenhar o gráfico.'));
      img.src = url;
    });
    const scale = 2;
    const head = 36;
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(width * scale);
    canvas.height = Math.ceil((height + head) * scale);
    const ctx = canvas.getContext('2d')!;
    ctx.scale(scale, scale);
    ctx.fillStyle = backgroundOf(container);
    ctx.fillRect(0, 0, width, height + head);
    ctx.fillStyle = getComputedStyle(container).color || '#1f2937';
    ctx.font = '600 16px Roboto, Arial, sans-serif';
    ctx.fillText(title, 12, 24);
    ctx.drawImage(img, 0, head, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('Não foi possível gerar a imagem.');
    saveBlob(blob, fileName);
  } finally {
    URL.revokeObjectURL(url);
  }
}
