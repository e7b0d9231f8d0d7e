import type { Sector } from '@tombo/shared';
import { BRANDING_CSS, brandingHeader, type Branding } from '../../../render/branding';
import { html, raw, REPORT_CSS } from '../../../render/html';

export interface SectorsReport {
  branding: Branding;
  /** dd/MM/yyyy HH:mm */
  generatedAt: string;
  sectors: Pick<Sector, 'code' | 'name' | 'locaisCount'>[];
}

const count = new Intl.NumberFormat('pt-BR');

/** 'Relatório de Setores': the municipality's header (logo, names), a table Código | Nome | Locais. */
export function sectorsReportHtml(r: SectorsReport): string {
  const rows = r.sectors.map(
    (s) =>
      html`<tr><td class="code">${s.code}</td><td>${s.name}</td><td class="num">${count.format(s.locaisCount)}</td></tr>`,
  );
  const total = r.sectors.length === 1 ? '1 setor' : `${count.format(r.sectors.length)} setores`;
  return html`<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Relatório de Setores</title><style>${raw(REPORT_CSS)}${raw(BRANDING_CSS)}</style></head>
<body>
  ${brandingHeader(r.branding, 'Relatório de Setores', `Gerado em ${r.generatedAt} · ${total}`)}
  ${
    r.sectors.length === 0
      ? html`<p class="empty">Nenhum setor cadastrado.</p>`
      : html`<table>
    <thead><tr><th>Código</th><th>Nome</th><th class="num">Locais</th></tr></thead>
    <tbody>${rows}</tbody>
  </table>`
  }
</body></html>`.html;
}

/** Chromium footer: 'Página X de Y' and the generation date (its own tiny document; styles inline). */
export function reportFooter(generatedAt: string): string {
  return html`<div style="font-family: Arial, sans-serif; font-size: 8px; color: #555; width: 100%; padding: 0 12mm; display: flex; justify-content: space-between;">
  <span>Gerado em ${generatedAt} · Tombo</span>
  <span>Página <span class="pageNumber"></span> de <span class="totalPages"></span></span>
</div>`.html;
}
