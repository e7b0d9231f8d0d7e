import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/Download';
import {
  FATO_CONTABIL_LABELS,
  formatDate,
  formatMoney,
  maskDateBR,
  parseDateBR,
  type LancamentoContabil,
} from '@tombo/shared';
import { QueryState } from '../../components/register/QueryState';
import { toastFailure } from '../../lib/useApiMutation';
import { downloadLancamentosCsv, type LancamentosFiltro } from './api';
import { reais, totaisPorConta } from './format';
import { M_LOAD, useLancamentos, usePlano } from './queries';
import { byCodigo } from './PlanoPanel';

/** The journal: the entries of a period (and account), oldest first, read on page by page; the CSV of the period. */
export function LancamentosPanel() {
  // `?conta=` (a link from the reconciliation) opens the journal of that account.
  const conta = useSearchParams()[0].get('conta') ?? '';
  const contaId = /^[1-9]\d{0,9}$/.test(conta) ? conta : '';
  const [draft, setDraft] = useState({ de: '', ate: '', contaId });
  const [filtro, setFiltro] = useState<LancamentosFiltro>({ de: '', ate: '', contaId });
  const [baixando, setBaixando] = useState(false);
  const plano = byCodigo(usePlano().data ?? []);
  const query = useLancamentos(filtro);
  const erro = (k: 'de' | 'ate') => !!draft[k] && !parseDateBR(draft[k]);
  const aplicar = () => {
    if (erro('de') || erro('ate')) return;
    setFiltro({ de: parseDateBR(draft.de) ?? '', ate: parseDateBR(draft.ate) ?? '', contaId: draft.contaId });
  };
  const baixar = async () => {
    setBaixando(true);
    try {
      await downloadLancamentosCsv(filtro);
    } catch (err) {
      toastFailure(err, 'Não foi possível baixar os lançamentos.');
    } finally {
      setBaixando(false);
    }
  };
  return (
    <>
      <Box
        component="form"
        aria-label="Filtros dos lançamentos"
        onSubmit={(e) => {
          e.preventDefault();
          aplicar();
        }}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2, alignItems: 'flex-start' }}
      >
        {(['de', 'ate'] as const).map((k) => (
          <TextField
            key={k}
            id={`lancamentos-${k}`}
            label={k === 'de' ? 'De' : 'Até'}
            size="small"
            placeholder="dd/mm/aaaa"
            value={draft[k]}
            onChange={(e) => setDraft({ ...draft, [k]: maskDateBR(e.target.value) })}
            error={erro(k)}
            helperText={erro(k) ? 'Data inválida (dd/mm/aaaa).' : 'Data do fato.'}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
            sx={{ width: { xs: 'calc(50% - 6px)', sm: 160 } }}
          />
        ))}
        <TextField
          select
          id="lancamentos-conta"
          label="Conta"
          size="small"
          value={draft.contaId}
          onChange={(e) => setDraft({ ...draft, contaId: e.target.value })}
          sx={{ flex: '1 1 260px', maxWidth: { sm: 420 } }}
        >
          <MenuItem value="">Todas as contas</MenuItem>
          {plano.map((c) => (
            <MenuItem key={c.id} value={String(c.id)}>
              {c.codigo} — {c.nome}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="outlined">
          Filtrar
        </Button>
        <Button startIcon={<Download />} onClick={() => void baixar()} disabled={baixando}>
          Baixar CSV
        </Button>
      </Box>
      <QueryState
        query={query}
        errorText={M_LOAD}
        isEmpty={(d) => d.pages.every((p) => p.lancamentos.length === 0)}
        empty={{
          title: 'Nenhum lançamento no período.',
          description:
            'Os lançamentos nascem dos fatos do patrimônio: saldos de abertura, fechamentos de depreciação, baixas e reavaliações.',
        }}
      >
        {(d) => (
          <Stack spacing={1.5} component="ol" aria-label="Lançamentos" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {d.pages
              .flatMap((p) => p.lancamentos)
              .map((l) => (
                <LancamentoCard key={l.id} l={l} />
              ))}
          </Stack>
        )}
      </QueryState>
      {query.hasNextPage && (
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Button onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            Carregar mais lançamentos
          </Button>
        </Box>
      )}
    </>
  );
}

function LancamentoCard({ l }: { l: LancamentoContabil }) {
  const totais = totaisPorConta(l);
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5 }} aria-label={`Lançamento ${l.id}`}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, alignItems: 'baseline' }}>
        <Typography variant="subtitle2">Nº {l.id}</Typography>
        <Typography variant="body2">{formatDate(l.data)}</Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {FATO_CONTABIL_LABELS[l.fato] ?? l.fato}
        </Typography>
        {l.estornoDe != null && <Typography variant="body2">estorno do nº {l.estornoDe}</Typography>}
        {l.estornadoPor != null && (
          <Typography variant="body2" color="warning.main">
            estornado pelo nº {l.estornadoPor}
          </Typography>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {l.historico}
      </Typography>
      <Box
        component="table"
        sx={{ width: '100%', borderCollapse: 'collapse', fontSize: 14, '& td, & th': { py: 0.25, pr: 1 } }}
      >
        <thead>
          <tr>
            <Box component="th" sx={{ textAlign: 'left' }}>
              Conta
            </Box>
            <Box component="th" sx={{ textAlign: 'right' }}>
              Débito
            </Box>
            <Box component="th" sx={{ textAlign: 'right' }}>
              Crédito
            </Box>
          </tr>
        </thead>
        <tbody>
          {totais.map((t) => (
            <tr key={`${t.conta.id}-${t.debito > 0 ? 'd' : 'c'}`}>
              <td>
                {t.conta.codigo} — {t.conta.nome}
                {t.linhas > 1 && (
                  <Typography component="span" variant="body2" color="text.secondary">
                    {' '}
                    ({t.linhas} bens)
                  </Typography>
                )}
              </td>
              <Box component="td" sx={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                {t.debito ? formatMoney(reais(t.debito)) : ''}
              </Box>
              <Box component="td" sx={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                {t.credito ? formatMoney(reais(t.credito)) : ''}
              </Box>
            </tr>
          ))}
        </tbody>
      </Box>
    </Paper>
  );
}
