import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  ESTADO_INVENTARIO_LABELS,
  LEITURA_RESULTADO_LABELS,
  formatDateTime,
  formatInteger,
  formatMoney,
  type InventarioResumo,
} from '@tombo/shared';
import { useItens } from '../queries';

/** A titled, horizontally scrollable table (phones scroll it rather than squeeze it). */
export function Section({
  title,
  head,
  children,
  empty,
}: {
  title: string;
  head: string[];
  children: ReactNode;
  empty?: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography variant="h2" sx={{ fontSize: 18, mb: 1 }}>
        {title}
      </Typography>
      {empty ? (
        <Typography variant="body2" color="text.secondary">
          {empty}
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                {head.map((h, i) => (
                  <TableCell key={h} align={i === 0 ? 'left' : 'right'} sx={{ whiteSpace: 'nowrap' }}>
                    {h}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>{children}</TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}

const num = (n: number) => <TableCell align="right">{formatInteger(n)}</TableCell>;
const money = (v: string) => (
  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
    {formatMoney(v)}
  </TableCell>
);

/** Expected / found / divergent / missing, and values, per location (registered location of each item). */
export function PorLocalTable({ r }: { r: InventarioResumo }) {
  return (
    <Section
      title="Por local"
      head={['Local', 'Esperados', 'Encontrados', 'Divergentes', 'Faltantes', 'Valor esperado', 'Valor encontrado']}
      empty={r.porLocal.length ? undefined : 'Nenhum bem neste inventário.'}
    >
      {r.porLocal.map((l) => (
        <TableRow key={l.localId ?? 'none'}>
          <TableCell>{l.localNome ?? 'Sem local'}</TableCell>
          {num(l.esperados)}
          {num(l.encontrados)}
          {num(l.divergentes)}
          {num(l.faltantes)}
          {money(l.valorEsperado)}
          {money(l.valorEncontrado)}
        </TableRow>
      ))}
    </Section>
  );
}

export function PorEstadoTable({ r }: { r: InventarioResumo }) {
  return (
    <Section
      title="Estado dos bens"
      head={['Estado', 'Bens']}
      empty={r.porEstado.length ? undefined : 'Nenhum estado registrado.'}
    >
      {r.porEstado.map((e) => (
        <TableRow key={e.estado ?? 'none'}>
          <TableCell>{e.estado ? ESTADO_INVENTARIO_LABELS[e.estado] : 'Não informado'}</TableCell>
          {num(e.n)}
        </TableRow>
      ))}
    </Section>
  );
}

export function PorContadorTable({ r }: { r: InventarioResumo }) {
  return (
    <Section
      title="Quem contou"
      head={['Membro', 'Leituras']}
      empty={r.porContador.length ? undefined : 'Nenhuma leitura ainda.'}
    >
      {r.porContador.map((c) => (
        <TableRow key={c.userId ?? c.name}>
          <TableCell>{c.name}</TableCell>
          {num(c.leituras)}
        </TableRow>
      ))}
    </Section>
  );
}

/** Assets found away from their registered location (the first 100; the print lists them all). */
export function DivergenciasTable({ id }: { id: number }) {
  const { data } = useItens(id, { status: 'local_divergente', pageSize: '100' });
  const itens = data?.itens ?? [];
  return (
    <Section
      title={`Divergências de local${data && data.total > itens.length ? ` (${itens.length} de ${data.total})` : ''}`}
      head={['Bem', 'Local registrado', 'Encontrado em', 'Quem leu', 'Valor']}
      empty={itens.length ? undefined : 'Nenhum bem encontrado fora do seu local.'}
    >
      {itens.map((i) => (
        <TableRow key={i.id}>
          <TableCell>
            <strong>{i.numero_patrimonio}</strong> {i.descricao_bem}
          </TableCell>
          <TableCell align="right">{i.localNome ?? 'Sem local'}</TableCell>
          <TableCell align="right">{i.localEncontradoNome ?? 'Não informado'}</TableCell>
          <TableCell align="right">{i.lidoPorNome ?? '—'}</TableCell>
          {money(i.valor)}
        </TableRow>
      ))}
    </Section>
  );
}

/** Readings outside the snapshot, for the commission to resolve. */
export function OcorrenciasTable({ r }: { r: InventarioResumo }) {
  return (
    <Section
      title="Ocorrências"
      head={['Número', 'Resultado', 'Quem leu', 'Quando', 'Nota']}
      empty={r.ocorrencias.length ? undefined : 'Nenhuma ocorrência.'}
    >
      {r.ocorrencias.map((o, i) => (
        <TableRow key={`${o.numero}-${i}`}>
          <TableCell sx={{ fontWeight: 700 }}>{o.numero}</TableCell>
          <TableCell align="right">{LEITURA_RESULTADO_LABELS[o.resultado]}</TableCell>
          <TableCell align="right">{o.lidoPorNome ?? '—'}</TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(o.lidoEm)}
          </TableCell>
          <TableCell align="right">{o.nota ?? ''}</TableCell>
        </TableRow>
      ))}
    </Section>
  );
}
