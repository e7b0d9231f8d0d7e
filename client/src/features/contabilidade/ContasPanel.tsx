import { useState } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { SITUACAO_IMOVEL_LABELS, type ContaContabil, type ContasMapeamento, type SituacaoImovel } from '@tombo/shared';
import { RowActions } from '../../components/RowActions';
import { QueryState } from '../../components/register/QueryState';
import { useCan } from '../../lib/permissions';
import { byName, catalogKeys, updateTipo, useTipos } from '../catalogs';
import { putContasImovel } from './api';
import { ContasDialog, CONTA_CAMPOS } from './ContasDialog';
import { contabilidadeKeys } from './keys';
import { M_LOAD, useContasImoveis, usePlano } from './queries';

/** What a row maps: an asset type or a property situation, with its four accounts. */
interface Linha {
  key: string;
  nome: string;
  contas: ContasMapeamento;
  save: (contas: ContasMapeamento) => Promise<unknown>;
  invalidate: QueryKey;
}

/**
 * The accounts of each asset type and property situation. A type left without them is named at the month's close,
 * which is refused until it has them.
 */
export function ContasPanel() {
  const can = useCan();
  const canManage = can('contabilidade:manage') && can('catalogs:manage');
  const plano = usePlano();
  const tipos = useTipos();
  const imoveis = useContasImoveis();
  const [editing, setEditing] = useState<Linha | null>(null);
  const contas = new Map((plano.data ?? []).map((c) => [c.id, c]));
  const tipoLinhas: Linha[] = byName(tipos.data ?? []).map((t) => ({
    key: `tipo-${t.id}`,
    nome: t.name,
    contas: t.contas,
    save: (c) => updateTipo(t.id, { contas: c, version: t.version }),
    invalidate: catalogKeys.tipos,
  }));
  const imovelLinhas: Linha[] = (imoveis.data ?? []).map((i) => ({
    key: `imovel-${i.situacao}`,
    nome: `Imóveis: ${SITUACAO_IMOVEL_LABELS[i.situacao as SituacaoImovel] ?? i.situacao}`,
    contas: i.contas,
    save: (c) => putContasImovel(i.situacao as SituacaoImovel, c, i.version),
    invalidate: contabilidadeKeys.contasImoveis,
  }));
  return (
    <QueryState query={plano} errorText={M_LOAD}>
      {() => (
        <>
          <ContasTable
            title="Tipos de bens"
            linhas={tipoLinhas}
            contas={contas}
            canManage={canManage}
            onEdit={setEditing}
          />
          <ContasTable
            title="Imóveis por situação"
            linhas={imovelLinhas}
            contas={contas}
            canManage={canManage}
            onEdit={setEditing}
          />
          <ContasDialog linha={editing} plano={plano.data ?? []} onClose={() => setEditing(null)} />
        </>
      )}
    </QueryState>
  );
}

function ContasTable(p: {
  title: string;
  linhas: Linha[];
  contas: Map<number, ContaContabil>;
  canManage: boolean;
  onEdit: (l: Linha) => void;
}) {
  const codigo = (id: number | null) => (id != null ? (p.contas.get(id)?.codigo ?? '—') : null);
  return (
    <>
      <Typography component="h2" variant="h6" sx={{ mt: 2, mb: 1 }}>
        {p.title}
      </Typography>
      <TableContainer component={Paper} variant="outlined" sx={{ mb: 3 }}>
        <Table size="small" aria-label={`Contas contábeis: ${p.title}`}>
          <TableHead>
            <TableRow>
              <TableCell>Nome</TableCell>
              {CONTA_CAMPOS.map((c) => (
                <TableCell key={c.campo}>{c.label}</TableCell>
              ))}
              {p.canManage && <TableCell align="right">Ações</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {p.linhas.map((l) => (
              <TableRow key={l.key} hover data-testid={`contas-${l.key}`}>
                <TableCell>{l.nome}</TableCell>
                {CONTA_CAMPOS.map((c) => (
                  <TableCell key={c.campo} sx={{ whiteSpace: 'nowrap' }}>
                    {codigo(l.contas[c.campo]) ?? (
                      <Typography component="span" color="error" variant="body2">
                        Sem conta
                      </Typography>
                    )}
                  </TableCell>
                ))}
                {p.canManage && (
                  <TableCell align="right">
                    <RowActions label={`as contas de ${l.nome}`} onEdit={() => p.onEdit(l)} />
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}

export type { Linha };
