import { html, raw, type Safe } from './html';

/** What a printed page of a municipality carries at its top (spec §3 Customization settings). */
export interface Branding {
  municipio: string;
  /** 'Prefeitura Municipal de …' as configured, else built from the municipality's name. */
  prefeitura: string;
  secretaria: string;
  departamento: string;
  primaryColor: string;
  /**
   * The active logo as a base64 data: URL (`isImageDataUrl`), or null. Render pages refuse network
   * requests, so the stored upload is read and inlined by whoever loads the branding.
   */
  logo: string | null;
}

/** A raster image inlined as base64: the only logo a page prints (never SVG, which may carry scripts). */
export const isImageDataUrl = (value: string): boolean =>
  /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+=*$/.test(value);

/** Styles of `brandingHeader` (add to the page's <style>). */
export const BRANDING_CSS = `
  header.brand { display: flex; align-items: center; gap: 12px; border-bottom: 2px solid var(--brand, #1f4e79); padding-bottom: 6px; margin-bottom: 12px; }
  header.brand img { max-height: 16mm; max-width: 30mm; object-fit: contain; }
  header.brand .org { font-size: 11pt; font-weight: bold; color: var(--brand, #1f4e79); }
  header.brand .unit { font-size: 8.5pt; color: #444; }
  header.brand h1 { font-size: 15pt; margin: 4px 0 2px; }
  header.brand .meta { font-size: 8.5pt; color: #555; }
`;

/** The page header: logo, prefeitura / secretaria / departamento, the document's title and a meta line. */
export function brandingHeader(b: Branding, title: string, meta?: string): Safe {
  const unit = [b.secretaria, b.departamento].filter(Boolean).join(' · ');
  return html`<header class="brand" style="--brand: ${b.primaryColor}">
  ${b.logo && isImageDataUrl(b.logo) ? html`<img src="${b.logo}" alt="">` : raw('')}
  <div>
    <div class="org">${b.prefeitura}</div>
    ${unit ? html`<div class="unit">${unit}</div>` : raw('')}
    <h1>${title}</h1>
    ${meta ? html`<div class="meta">${meta}</div>` : raw('')}
  </div>
</header>`;
}
