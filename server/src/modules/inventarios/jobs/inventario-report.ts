import {
  ESTADO_INVENTARIO_LABELS,
  INVENTARIO_SCOPE_LABELS,
  INVENTARIO_STATUS_LABELS,
  INVENTARIO_TIPO_LABELS,
  ITEM_STATUS_LABELS,
  LEITURA_RESULTADO_LABELS,
  formatDate,
  formatDateTime,
  formatMoney,
  type InventarioItem,
} from '@tombo/shared';
import { BRANDING_CSS, brandingHeader, type Branding } from '../../../render/branding';
import { html, raw, REPORT_CSS } from '../../../render/html';
import type { InventarioReport } from '../report';

const count = new Intl.NumberFormat('pt-BR');

const INVENTARIO_CSS = `
  dl.head { display: grid; grid-template-columns: 34mm 1fr 34mm 1fr; gap: 2px 8px; margin: 0 0 10px; font-size: 9pt; }
  dl.head dt { font-weight: bold; color: #1f4e79; }
  dl.head dd { margin: 0; }
  h2 { font-size: 11.5pt; margin: 14px 0 6px; color: #1f4e79; }
  table.itens { font-size: 8pt; }
  table.itens td.numero { white-space: nowrap; width: 24mm; }
  table.itens td.valor { text-align: right; white-space: nowrap; width: 22mm; }
  td.divergente { color: #8a4b00; font-weight: bold; }
  td.faltante { color: #a11b1b; font-weight: bold; }
  table.totais { width: auto; min-width: 60%; }
  table.totais td.num { width: 30mm; }
  .signatures { display: grid; grid-template-columns: 1fr 1fr; gap: 18mm 14mm; margin-top: 22mm; page-break-inside: avoid; }
  .signature { border-top: 1px solid #1b1b1b; padding-top: 3px; text-align: center; font-size: 9pt; }
  .signature small { display: block; color: #555; }
  p.legal { font-size: 8.5pt; color: #333; margin-top: 12px; }
`;

/** 'Local X' → the found location; the registered one when counted there; '—' when not found. */
function foundAt(i: InventarioItem): string {
  if (i.status === 'not_found') return '—';
  return i.localEncontradoNome ?? i.localNome ?? '—';
}

function itemRow(i: InventarioItem) {
  const cls = i.status === 'local_divergente' ? 'divergente' : i.status === 'not_found' ? 'faltante' : '';
  return html`<tr>
    <td class="numero">${i.numero_patrimonio}</td>
    <td>${i.descricao_bem}</td>
    <td>${i.localNome ?? '—'}</td>
    <td>${foundAt(i)}</td>
    <td>${i.estado ? ESTADO_INVENTARIO_LABELS[i.estado] : '—'}</td>
    <td class="valor">${formatMoney(i.valor)}</td>
    <td class="${cls}">${ITEM_STATUS_LABELS[i.status]}</td>
  </tr>`;
}

/** The scope as a sentence: sector, and the location type or the specific location. */
function scopeText(inv: InventarioReport['inventario']): string {
  const base = `${INVENTARIO_SCOPE_LABELS[inv.scope]} — ${inv.setor}`;
  if (inv.scope === 'location' && inv.locationType) return `${base} (locais com “${inv.locationType}”)`;
  if (inv.scope === 'specific_location' && inv.local) return `${base} (${inv.local})`;
  return base;
}

/**
 * The legal inventory report (Lei 4.320/64 arts. 94–96, IN SEDAP 205/88): header with kind, period,
 * scope and commission; every item with registered vs found location, condition, book value and
 * outcome; occurrences; totals; a signature line per commission member. Every value is escaped.
 */
export function inventarioReportHtml(r: InventarioReport, generatedAt: Date, branding: Branding): string {
  const inv = r.inventario;
  const t = r.totais;
  const periodo = inv.finalizedAt
    ? `${formatDate(inv.dataInicio)} a ${formatDate(inv.finalizedAt)}`
    : `desde ${formatDate(inv.dataInicio)} (em andamento)`;
  const ocorrencias = r.ocorrencias.map(
    (o) =>
      html`<tr><td class="numero">${o.numero}</td><td>${LEITURA_RESULTADO_LABELS[o.resultado]}</td><td>${o.lidoPorNome ?? '—'}</td><td>${o.lidoEm ? formatDateTime(o.lidoEm) : '—'}</td><td>${o.nota ?? ''}</td></tr>`,
  );
  const signatures = r.comissao.map(
    (m) => html`<div class="signature">${m.name}<small>Membro da comissão inventariante</small></div>`,
  );
  return html`<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Relatório de Inventário</title>
<style>${raw(REPORT_CSS)}${raw(BRANDING_CSS)}${raw(INVENTARIO_CSS)}</style></head>
<body>
  ${brandingHeader(
    branding,
    `Relatório de Inventário — ${inv.title}`,
    `Gerado em ${formatDateTime(generatedAt)} · ${INVENTARIO_STATUS_LABELS[inv.status]}`,
  )}
  <dl class="head">
    <dt>Tipo</dt><dd>${INVENTARIO_TIPO_LABELS[inv.tipo]}</dd>
    <dt>Período</dt><dd>${periodo}</dd>
    <dt>Abrangência</dt><dd>${scopeText(inv)}</dd>
    <dt>Situação</dt><dd>${INVENTARIO_STATUS_LABELS[inv.status]}${inv.finalizedByNome ? ` (finalizado por ${inv.finalizedByNome})` : ''}</dd>
    <dt>Comissão</dt><dd style="grid-column: span 3">${r.comissao.map((m) => m.name).join(', ')}</dd>
    ${inv.description ? html`<dt>Descrição</dt><dd style="grid-column: span 3">${inv.description}</dd>` : ''}
  </dl>

  <h2>Totais</h2>
  <table class="totais">
    <tbody>
      <tr><td>Bens esperados</td><td class="num">${count.format(t.esperados)}</td><td class="num">${formatMoney(t.valorEsperado)}</td></tr>
      <tr><td>Bens encontrados</td><td class="num">${count.format(t.encontrados)}</td><td class="num">${formatMoney(t.valorEncontrado)}</td></tr>
      <tr><td>Encontrados em local divergente</td><td class="num">${count.format(t.divergentes)}</td><td class="num"></td></tr>
      <tr><td>Bens não encontrados</td><td class="num">${count.format(t.faltantes)}</td><td class="num">${formatMoney(t.valorFaltante)}</td></tr>
    </tbody>
  </table>

  <h2>Bens inventariados</h2>
  ${
    r.itens.length === 0
      ? html`<p class="empty">Nenhum bem no escopo deste inventário.</p>`
      : html`<table class="itens">
    <thead><tr><th>Número</th><th>Descrição</th><th>Local cadastrado</th><th>Local encontrado</th><th>Estado</th><th class="num">Valor contábil</th><th>Resultado</th></tr></thead>
    <tbody>${r.itens.map(itemRow)}</tbody>
  </table>`
  }

  ${
    r.ocorrencias.length
      ? html`<h2>Ocorrências (a resolver pela comissão)</h2>
  <table class="itens">
    <thead><tr><th>Número lido</th><th>Ocorrência</th><th>Lido por</th><th>Em</th><th>Nota</th></tr></thead>
    <tbody>${ocorrencias}</tbody>
  </table>`
      : ''
  }

  <p class="legal">Inventário realizado nos termos dos arts. 94 a 96 da Lei nº 4.320/1964 e da IN SEDAP nº 205/1988.
  Os membros da comissão abaixo assinados declaram a exatidão das informações deste relatório.</p>
  <div class="signatures">${signatures}</div>
</body></html>`.html;
}

/** Chromium footer: the inventory, 'Página X de Y' (its own tiny document; styles inline). */
export function inventarioFooter(title: string, generatedAt: Date): string {
  return html`<div style="font-family: Arial, sans-serif; font-size: 8px; color: #555; width: 100%; padding: 0 12mm; display: flex; justify-content: space-between;">
  <span>Inventário: ${title} · gerado em ${formatDateTime(generatedAt)} · Tombo</span>
  <span>Página <span class="pageNumber"></span> de <span class="totalPages"></span></span>
</div>`.html;
}
