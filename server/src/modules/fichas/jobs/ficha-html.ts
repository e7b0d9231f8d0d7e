import {
  FICHA_FIELDS,
  FICHA_MSG,
  FICHA_SECTION_LABELS,
  FICHA_SECTIONS,
  fichaCustomValue,
  fichaFieldValue,
  formatDateTime,
  type FichaTemplate,
  type Patrimonio,
} from '@tombo/shared';
import { BRANDING_CSS, brandingHeader, type Branding } from '../../../render/branding';
import { html, raw, REPORT_CSS, type Safe } from '../../../render/html';

const FICHA_CSS = `
  section.ficha { page-break-after: always; }
  section.ficha:last-child { page-break-after: auto; }
  .top { display: flex; gap: 8mm; align-items: flex-start; }
  .top .main { flex: 1; }
  .top .media { width: 48mm; display: flex; flex-direction: column; gap: 4mm; align-items: center; }
  .top .media img.photo { max-width: 48mm; max-height: 48mm; object-fit: contain; border: 1px solid #c8c8c8; }
  .qr { width: 34mm; text-align: center; font-size: 7.5pt; color: #444; }
  h2 { font-size: 11pt; margin: 10px 0 4px; color: #1f4e79; border-bottom: 1px solid #c8c8c8; }
  dl.fields { display: grid; grid-template-columns: 40mm 1fr; gap: 2px 8px; margin: 0; font-size: 9.5pt; }
  dl.fields dt { font-weight: bold; color: #333; }
  dl.fields dd { margin: 0; }
  table.hist { font-size: 8pt; }
  .signatures { display: grid; grid-template-columns: 1fr 1fr; gap: 16mm 14mm; margin-top: 20mm; page-break-inside: avoid; }
  .signature { border-top: 1px solid #1b1b1b; padding-top: 3px; text-align: center; font-size: 9pt; }
`;

/** What one page needs beyond the template: the asset, its photo and QR (SVG) when shown. */
export interface FichaPageInput {
  asset: Patrimonio;
  photo: string | null;
  qr: string | null;
  qrUrl: string | null;
}

function fichaPage(t: FichaTemplate, p: FichaPageInput, customLabels: Map<string, string>): Safe {
  const a = p.asset;
  const sections = FICHA_SECTIONS.map((s) => {
    const fields = t.fields.filter((f) => FICHA_FIELDS[f].section === s);
    if (!fields.length) return raw('');
    return html`<h2>${FICHA_SECTION_LABELS[s]}</h2>
      <dl class="fields">${fields.map((f) => html`<dt>${FICHA_FIELDS[f].label}</dt><dd>${fichaFieldValue(a, f)}</dd>`)}</dl>`;
  });
  const custom = Object.entries(a.customFields ?? {}).filter(([, v]) => v != null && v !== '');
  const customBlock =
    t.showCustomFields && custom.length
      ? html`<h2>Campos personalizados</h2>
          <dl class="fields">${custom.map(([k, v]) => html`<dt>${customLabels.get(k) ?? k}</dt><dd>${fichaCustomValue(v)}</dd>`)}</dl>`
      : raw('');
  const history = a.historico_movimentacao.slice(0, t.historyLimit);
  const historyBlock = t.showHistory
    ? html`<h2>Histórico de movimentações</h2>
        ${
          history.length
            ? html`<table class="hist"><thead><tr><th>Data</th><th>Ação</th><th>Detalhes</th><th>Usuário</th></tr></thead>
              <tbody>${history.map((h) => html`<tr><td>${formatDateTime(h.date)}</td><td>${h.action}</td><td>${h.details}</td><td>${h.user ?? '—'}</td></tr>`)}</tbody></table>`
            : html`<p class="empty">Nenhuma movimentação registrada.</p>`
        }`
    : raw('');
  const media =
    p.photo || p.qr
      ? html`<div class="media">
          ${p.photo ? html`<img class="photo" src="${p.photo}" alt="Foto do bem">` : raw('')}
          ${p.qr ? html`<div class="qr">${raw(p.qr)}<div>Consulta pública</div></div>` : raw('')}
        </div>`
      : raw('');
  return html`<div class="top"><div class="main">${sections}${customBlock}</div>${media}</div>
    ${historyBlock}
    ${t.signatures.length ? html`<div class="signatures">${t.signatures.map((s) => html`<div class="signature">${s}</div>`)}</div>` : raw('')}`;
}

/** The whole document: one asset per A4 page, each under the municipality's branding header. */
export function fichaHtml(
  branding: Branding,
  t: FichaTemplate,
  pages: FichaPageInput[],
  customLabels: Map<string, string>,
  now: Date,
): string {
  const body = pages.map(
    (p) =>
      html`${brandingHeader(branding, `${FICHA_MSG.title} — ${p.asset.numero_patrimonio}`, `Modelo: ${t.name} · Emitida em ${formatDateTime(now)}`)}${fichaPage(t, p, customLabels)}`,
  );
  // Each section holds its own header: the page break of the previous section starts a new page.
  const sections = body.map((b) => html`<section class="ficha">${b}</section>`);
  return html`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${FICHA_MSG.title}</title>
    <style>${raw(REPORT_CSS)}${raw(BRANDING_CSS)}${raw(FICHA_CSS)}</style></head>
    <body>${sections}</body></html>`.html;
}
