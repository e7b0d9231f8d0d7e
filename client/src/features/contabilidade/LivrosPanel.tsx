import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import {
  CONTABILIDADE_MSG as M,
  CONTABILIDADE_RELATORIO_TITULOS,
  competenciaDe,
  contabilidadeRelatorioBody,
  formatDate,
  isoDayOf,
  maskDateBR,
  mesIndice,
  parseDateBR,
  ultimoDia,
} from '@tombo/shared';
import type { LivroFiltro } from './api';
import { BaixarPapel, type PedidoPapel } from './BaixarPapel';
import { DiarioTabela, RazaoTabela } from './LivrosTabelas';
import { byCodigo } from './PlanoPanel';
import { usePlano } from './queries';

type Livro = LivroFiltro['livro'];
const DATA_INVALIDA = 'Data inválida (dd/mm/aaaa).';

/** The form's fields as typed (dates dd/mm/aaaa, the account id as text). */
interface Rascunho {
  livro: Livro;
  de: string;
  ate: string;
  contaId: string;
}

/** Last month, the period a journal is usually asked for at month end. */
function mesPassado(): Pick<Rascunho, 'de' | 'ate'> {
  const c = competenciaDe(mesIndice(isoDayOf(new Date()).slice(0, 7)) - 1);
  return { de: formatDate(`${c}-01`), ate: formatDate(ultimoDia(c)) };
}

/**
 * The journal (diário) and the ledger per account (razão) of a period: previewed a page at a time, downloaded as
 * PDF or XLSX through a job. The form is checked by the API's own contract (shared `contabilidadeRelatorioBody`).
 */
export function LivrosPanel() {
  const [draft, setDraft] = useState<Rascunho>({ livro: 'diario', ...mesPassado(), contaId: '' });
  const [erros, setErros] = useState<Partial<Record<keyof Rascunho, string>>>({});
  const [filtro, setFiltro] = useState<LivroFiltro | null>(null);
  const plano = byCodigo(usePlano().data ?? []);

  /** The form as the API's request, or null with each field's reason shown. */
  const pedido = (): PedidoPapel | null => {
    const de = parseDateBR(draft.de);
    const ate = parseDateBR(draft.ate);
    const out: typeof erros = {};
    if (!de) out.de = DATA_INVALIDA;
    if (!ate) out.ate = DATA_INVALIDA;
    if (draft.livro === 'razao' && !draft.contaId) out.contaId = M.contaObrigatoria;
    const body = {
      tipo: draft.livro,
      formato: 'pdf' as const,
      de: de ?? undefined,
      ate: ate ?? undefined,
      ...(draft.livro === 'razao' && draft.contaId ? { contaId: Number(draft.contaId) } : {}),
    };
    const r = contabilidadeRelatorioBody.safeParse(body);
    if (!r.success)
      for (const i of r.error.issues) {
        const k = String(i.path[0]) as keyof Rascunho;
        out[k] ??= i.message;
      }
    setErros(out);
    if (Object.keys(out).length || !r.success) return null;
    const { tipo, contaId } = r.data;
    return { tipo, de: r.data.de, ate: r.data.ate, ...(contaId ? { contaId } : {}) };
  };
  const visualizar = () => {
    const p = pedido();
    if (p) setFiltro({ livro: draft.livro, de: p.de!, ate: p.ate!, contaId: p.contaId ?? null });
  };
  const mudar = (k: keyof Rascunho, v: string) => {
    setDraft({ ...draft, [k]: k === 'de' || k === 'ate' ? maskDateBR(v) : v });
    setErros({ ...erros, [k]: undefined });
  };

  return (
    <>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Box
          component="form"
          aria-label="Período do livro"
          onSubmit={(e) => {
            e.preventDefault();
            visualizar();
          }}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
        >
          <TextField
            select
            id="livros-livro"
            label="Livro"
            size="small"
            value={draft.livro}
            onChange={(e) => mudar('livro', e.target.value)}
            sx={{ width: { xs: '100%', sm: 180 } }}
          >
            <MenuItem value="diario">{CONTABILIDADE_RELATORIO_TITULOS.diario}</MenuItem>
            <MenuItem value="razao">{CONTABILIDADE_RELATORIO_TITULOS.razao}</MenuItem>
          </TextField>
          {(['de', 'ate'] as const).map((k) => (
            <TextField
              key={k}
              id={`livros-${k}`}
              label={k === 'de' ? 'De' : 'Até'}
              size="small"
              placeholder="dd/mm/aaaa"
              value={draft[k]}
              onChange={(e) => mudar(k, e.target.value)}
              error={!!erros[k]}
              helperText={erros[k] ?? 'Data do fato.'}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
              sx={{ width: { xs: 'calc(50% - 6px)', sm: 150 } }}
            />
          ))}
          {draft.livro === 'razao' && (
            <TextField
              select
              id="livros-conta"
              label="Conta"
              size="small"
              value={draft.contaId}
              onChange={(e) => mudar('contaId', e.target.value)}
              error={!!erros.contaId}
              helperText={erros.contaId ?? 'A conta do razão.'}
              sx={{ flex: '1 1 260px', maxWidth: { sm: 420 } }}
            >
              {plano.map((c) => (
                <MenuItem key={c.id} value={String(c.id)}>
                  {c.codigo} — {c.nome}
                </MenuItem>
              ))}
            </TextField>
          )}
          <Button type="submit" variant="contained" startIcon={<VisibilityOutlined />}>
            Visualizar
          </Button>
          <BaixarPapel pedido={pedido} />
        </Box>
      </Paper>
      {filtro?.livro === 'diario' && <DiarioTabela filtro={filtro} />}
      {filtro?.livro === 'razao' && <RazaoTabela filtro={filtro} />}
    </>
  );
}
