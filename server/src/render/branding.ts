import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

import { municipalSettings } from '../modules/customization/queries';
import type { TenantScope } from '../tenancy/scope';
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
   * The active logo as a data: URL, or null. Render pages refuse network requests, so only an
   * inline image can be printed; an http(s) or uploads logo is left out (the name stands alone).
   */
  logo: string | null;
}

/** The branding of the scope's municipality (its customization over the defaults). */
export async function loadBranding(tx: Db, scope: TenantScope): Promise<Branding> {
  const res = await tx.execute(sql`select name from municipalities where id = ${scope.municipalityId}`);
  const [m] = (res as unknown as { rows: Array<{ name: string }> }).rows;
  const s = await municipalSettings(tx, scope);
  const municipio = m?.name ?? '';
  const logo =
    typeof s.activeLogoUrl === 'string' && /^data:image\/(png|jpe?g|gif|webp|svg\+xml);/i.test(s.activeLogoUrl)
      ? s.activeLogoUrl
      : null;
  return {
    municipio,
    prefeitura: s.prefeituraName?.trim() || `Prefeitura Municipal de ${municipio}`,
    secretaria: s.secretariaResponsavel?.trim() ?? '',
    departamento: s.departamentoResponsavel?.trim() ?? '',
    primaryColor: s.primaryColor ?? '#1f4e79',
    logo,
  };
}

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
  ${b.logo ? html`<img src="${b.logo}" alt="">` : raw('')}
  <div>
    <div class="org">${b.prefeitura}</div>
    ${unit ? html`<div class="unit">${unit}</div>` : raw('')}
    <h1>${title}</h1>
    ${meta ? html`<div class="meta">${meta}</div>` : raw('')}
  </div>
</header>`;
}
