import { createHash } from 'node:crypto';
import { STORAGE_KEYS } from '@tombo/shared';

// A self-contained viewer (no CDN, no network): it fetches /api/openapi.json with the session the Tombo
// client keeps in this browser (localStorage), then lists the operations by tag with their params,
// body schema and answers. Kept tiny on purpose; Swagger UI would be ~1 MB for the same reading.
const SCRIPT = `
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
const json = (v) => '<pre>' + esc(JSON.stringify(v, null, 2)) + '</pre>';
const main = document.getElementById('main');
let token = null;
try { token = JSON.parse(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.token)}) || 'null'); } catch {}
fetch('/api/openapi.json', { headers: token ? { authorization: 'Bearer ' + token } : {} })
  .then(async (r) => {
    if (!r.ok) {
      const body = await r.json().catch(() => ({}));
      main.innerHTML = '<p class="err">' + esc((body.error && body.error.message) || 'Erro ' + r.status) +
        '</p><p>Entre no Tombo como administrador neste navegador e recarregue esta página.</p>';
      return;
    }
    const doc = await r.json();
    document.getElementById('version').textContent = doc.info.version;
    const byTag = {};
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops)) (byTag[op.tags[0]] ||= []).push({ path, method, op });
    const filter = document.getElementById('filter');
    const render = () => {
      const q = filter.value.toLowerCase();
      main.innerHTML = Object.keys(byTag).sort().map((tag) => {
        const ops = byTag[tag].filter((o) => !q || (o.method + ' ' + o.path + ' ' + tag).toLowerCase().includes(q));
        if (!ops.length) return '';
        return '<h2>' + esc(tag) + '</h2>' + ops.map(({ path, method, op }) =>
          '<details><summary><span class="m ' + method + '">' + method.toUpperCase() + '</span> <code>' + esc(path) +
          '</code> <small>' + esc(op.description || '') + '</small></summary>' +
          (op.parameters.length ? '<h4>Parâmetros</h4>' + json(op.parameters.map((p) => ({ [p.in + ' ' + p.name + (p.required ? ' *' : '')]: p.schema }))) : '') +
          (op.requestBody ? '<h4>Corpo</h4>' + json(op.requestBody.content) : '') +
          '<h4>Respostas</h4>' + json(Object.fromEntries(Object.entries(op.responses).map(([k, v]) => [k, v.description + (v.content && v.content['application/json'] && v.content['application/json'].schema.$ref ? ' (erro)' : '')]))) +
          '</details>').join('');
      }).join('');
    };
    filter.oninput = render;
    render();
  })
  .catch(() => { main.innerHTML = '<p class="err">Não foi possível carregar a documentação.</p>'; });
`;

/** The CSP hash that lets exactly this inline script run (the app's CSP refuses inline scripts). */
export const VIEWER_SCRIPT_HASH = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;

/** The /api/docs page. */
export const VIEWER_HTML = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tombo — documentação da API</title>
<style>
body{font:14px/1.5 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:16px;color:#1a1a1a}
h1{font-size:20px}h2{border-bottom:1px solid #ddd;margin-top:24px}h4{margin:8px 0 0}
details{border:1px solid #e3e3e3;border-radius:6px;margin:4px 0;padding:4px 8px}summary{cursor:pointer}
pre{background:#f6f8fa;overflow:auto;padding:8px;font-size:12px}small{color:#555}
.m{display:inline-block;min-width:56px;font-weight:700}.get{color:#1565c0}.post{color:#2e7d32}.put,.patch{color:#ef6c00}
.delete{color:#c62828}.err{color:#c62828}input{padding:6px;width:320px;max-width:100%}
</style></head><body>
<h1>Tombo — documentação da API <small id="version"></small></h1>
<p>Documento OpenAPI 3.1: <a href="/api/openapi.json">/api/openapi.json</a>.
<input id="filter" placeholder="Filtrar rotas" aria-label="Filtrar rotas"></p>
<main id="main"><p>Carregando…</p></main>
<script>${SCRIPT}</script>
</body></html>`;
