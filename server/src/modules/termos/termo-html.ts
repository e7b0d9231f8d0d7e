import { TERMO_MSG, formatDate, formatMoney } from '@tombo/shared';
import { BRANDING_CSS, brandingHeader, type Branding } from '../../render/branding';
import { html, raw, REPORT_CSS } from '../../render/html';
import type { TermoRow } from './presenters';

const TERMO_CSS = `
  dl.head { display: grid; grid-template-columns: 30mm 1fr 30mm 1fr; gap: 2px 8px; margin: 0 0 10px; font-size: 9pt; }
  dl.head dt { font-weight: bold; color: #1f4e79; }
  dl.head dd { margin: 0; }
  table.itens { font-size: 8pt; }
  table.itens td.numero { white-space: nowrap; width: 22mm; }
  table.itens td.valor, table.itens th.valor { text-align: right; white-space: nowrap; width: 24mm; }
  table.itens tfoot td { font-weight: bold; background: #e8eef5; }
  p.declaracao { text-align: justify; font-size: 9.5pt; line-height: 1.45; margin-top: 12px; page-break-inside: avoid; }
  .signatures { display: grid; grid-template-columns: 1fr 1fr; gap: 14mm; margin-top: 22mm; page-break-inside: avoid; }
  .signature { border-top: 1px solid #1b1b1b; padding-top: 3px; text-align: center; font-size: 9pt; }
  .signature small { display: block; color: #555; }
`;

/** The holder as printed: the named person and the sector (with the location when narrowed). */
export function holderOf(t: Pick<TermoRow, 'sectorName' | 'localName' | 'holderName'>): string {
  const where = t.localName ? `${t.sectorName} — ${t.localName}` : t.sectorName;
  return t.holderName ? `${t.holderName} (${where})` : where;
}

/** The page footer: term number, version and page numbers. */
export const termoFooter = (t: TermoRow) =>
  `<div style="font-size:7.5pt;width:100%;padding:0 12mm;display:flex;justify-content:space-between;color:#555">` +
  `<span>${t.number} · versão ${t.versionNumber}</span><span>Página <span class="pageNumber"></span> de <span class="totalPages"></span></span></div>`;

/** The custody term of one version: header, holder, assets with total, declaration, signatures. */
export function termoHtml(branding: Branding, t: TermoRow): string {
  const where = t.localName ? `${t.sectorName} — ${t.localName}` : t.sectorName;
  const rows = t.items.map(
    (i) => html`<tr>
      <td class="numero">${i.numero}</td><td>${i.descricao}</td><td>${i.marcaModeloSerie ?? '—'}</td>
      <td>${i.local ?? '—'}</td><td>${i.estado ?? '—'}</td><td class="valor">${formatMoney(i.valor)}</td>
    </tr>`,
  );
  return html`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${TERMO_MSG.title}</title>
  <style>${raw(REPORT_CSS)}${raw(BRANDING_CSS)}${raw(TERMO_CSS)}</style></head><body>
  ${brandingHeader(branding, TERMO_MSG.title, `Nº ${t.number} · Versão ${t.versionNumber} · ${formatDate(t.createdAt)}`)}
  <dl class="head">
    <dt>Termo nº</dt><dd>${t.number}</dd><dt>Versão</dt><dd>${t.versionNumber}</dd>
    <dt>Data</dt><dd>${formatDate(t.createdAt)}</dd><dt>Motivo</dt><dd>${t.reason}</dd>
    <dt>Setor</dt><dd>${t.sectorName}</dd><dt>Local</dt><dd>${t.localName ?? 'Todos os locais do setor'}</dd>
    <dt>Responsável</dt><dd>${t.holderName ?? '—'}</dd><dt>Bens</dt><dd>${t.items.length}</dd>
  </dl>
  ${
    t.items.length
      ? html`<table class="itens"><thead><tr><th>Nº Patrimônio</th><th>Descrição</th><th>Marca / Modelo / Série</th>
        <th>Local</th><th>Estado de conservação</th><th class="valor">Valor</th></tr></thead>
        <tbody>${rows}</tbody>
        <tfoot><tr><td colspan="5">Total (${t.items.length} ${t.items.length === 1 ? 'bem' : 'bens'})</td><td class="valor">${formatMoney(t.total)}</td></tr></tfoot></table>`
      : html`<p class="empty">${TERMO_MSG.empty}</p><p>Total: ${formatMoney(t.total)}</p>`
  }
  <p class="declaracao">${TERMO_MSG.declaracao(holderOf(t))}</p>
  <p>${branding.municipio}, ${formatDate(t.createdAt)}.</p>
  <div class="signatures">
    <div class="signature">${t.holderName ?? 'Responsável pelo setor'}<small>${TERMO_MSG.signatureHolder} — ${where}</small></div>
    <div class="signature">${branding.departamento || TERMO_MSG.signaturePatrimonio}<small>${TERMO_MSG.signaturePatrimonio}</small></div>
  </div>
  </body></html>`.html;
}
