import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import type { UseQueryResult } from '@tanstack/react-query';
import { TRANSFER_TYPE_LABELS, formatDate, formatDateTime, formatNumber, type DashboardList } from '@tombo/shared';
import { EmptyState } from '../../components/EmptyState';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { useSession } from '../../lib/session';
import { Figure } from './Figure';
import {
  useAdministracao,
  useAprovacoes,
  useEmprestimosResumo,
  useInventariosEmAndamento,
  useSolicitacoes,
} from './queries';

const wrap = { overflowWrap: 'anywhere' } as const;

interface Row {
  key: string | number;
  primary: ReactNode;
  secondary?: ReactNode;
}

/** A count, the newest few rows and a link to the area's own screen. */
function ShortList({
  label,
  total,
  alert,
  rows,
  empty,
  to,
  linkText,
}: {
  label: string;
  total: number;
  alert?: boolean;
  rows: Row[];
  empty: string;
  to: string;
  linkText: string;
}) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Figure label={label} value={formatNumber(total)} alert={alert && total > 0} />
      {rows.length === 0 ? (
        <EmptyState compact title={empty} />
      ) : (
        <List dense disablePadding aria-label={label}>
          {rows.map((r) => (
            <ListItem key={r.key} disableGutters divider>
              <ListItemText
                primary={r.primary}
                secondary={r.secondary}
                slotProps={{ primary: { sx: wrap }, secondary: { sx: wrap } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Link component={RouterLink} to={to} variant="body2" sx={{ display: 'inline-block', mt: 1 }}>
        {linkText}
      </Link>
    </Box>
  );
}

/** The spinner / error guard of a widget's query. */
function Loaded<T>({ q, children }: { q: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (q.isPending) return <ContentSpinner />;
  if (q.isError || !q.data) return <EmptyState compact title="Não foi possível carregar os dados." />;
  return <>{children(q.data)}</>;
}

type Transfers = DashboardList<{
  id: number;
  type: keyof typeof TRANSFER_TYPE_LABELS;
  numeroPatrimonio: string;
  descricaoBem: string;
  solicitanteId: number | null;
  solicitanteNome: string;
  dataSolicitacao: string;
}>;
const transferRows = (d: Transfers, me?: number): Row[] =>
  d.items.map((t) => ({
    key: t.id,
    primary: `${TRANSFER_TYPE_LABELS[t.type]} · ${t.numeroPatrimonio} — ${t.descricaoBem}`,
    secondary: `${t.solicitanteId === me ? 'Minha solicitação' : t.solicitanteNome} · ${formatDateTime(t.dataSolicitacao)}`,
  }));

/** 'Aprovações Pendentes': transfers and donations awaiting the decision of an admin or supervisor. */
export function AprovacoesWidget() {
  return (
    <Loaded q={useAprovacoes()}>
      {(d) => (
        <ShortList
          label="Aguardando decisão"
          total={d.total}
          alert
          rows={transferRows(d)}
          empty="Nenhuma solicitação aguardando decisão."
          to="/bens/transferencias"
          linkText="Ir para transferências"
        />
      )}
    </Loaded>
  );
}

/** 'Minhas Solicitações': a usuario's pending requests (its own and those of its sectors). */
export function SolicitacoesWidget() {
  const me = useSession((s) => s.user?.id);
  return (
    <Loaded q={useSolicitacoes()}>
      {(d) => (
        <ShortList
          label="Solicitações pendentes"
          total={d.total}
          rows={transferRows(d, me)}
          empty="Nenhuma solicitação pendente."
          to="/bens/transferencias"
          linkText="Ver minhas solicitações"
        />
      )}
    </Loaded>
  );
}

/** 'Inventários em Andamento': the inventories in progress the user sees, with their counting progress. */
export function InventariosWidget() {
  return (
    <Loaded q={useInventariosEmAndamento()}>
      {(d) => (
        <ShortList
          label="Em andamento"
          total={d.total}
          rows={d.items.map((i) => ({
            key: i.id,
            primary: (
              <Link component={RouterLink} to={`/inventarios/resumo/${i.id}`}>
                {i.title}
              </Link>
            ),
            secondary: `${i.setor} · ${formatNumber(i.encontrados)} de ${formatNumber(i.totalItens)} encontrados`,
          }))}
          empty="Nenhum inventário em andamento."
          to="/inventarios"
          linkText="Ir para inventários"
        />
      )}
    </Loaded>
  );
}

/** Loans of the user's scope: 'Empréstimos Atrasados' (admin, supervisor) or those of a usuario's sectors. */
export function EmprestimosWidget({ status }: { status: 'atrasados' | 'abertos' }) {
  return (
    <Loaded q={useEmprestimosResumo(status)}>
      {(d) => (
        <Box>
          {status === 'abertos' && (
            <Box sx={{ mb: 1 }}>
              <Figure label="Atrasados" value={formatNumber(d.atrasados)} alert={d.atrasados > 0} />
            </Box>
          )}
          <ShortList
            label={status === 'atrasados' ? 'Atrasados' : 'Em aberto'}
            total={d.total}
            alert={status === 'atrasados'}
            rows={d.items.map((l) => ({
              key: l.id,
              primary: `${l.numero_patrimonio} — ${l.descricao_bem}`,
              secondary: `${l.tomadorNome} · devolução prevista ${formatDate(l.dataPrevistaDevolucao)}`,
            }))}
            empty={status === 'atrasados' ? 'Nenhum empréstimo atrasado.' : 'Nenhum empréstimo em aberto.'}
            to="/bens/emprestimos"
            linkText="Ir para empréstimos"
          />
        </Box>
      )}
    </Loaded>
  );
}

/** 'Usuários Bloqueados': users locked out after failed sign-ins (the admin unlocks them). */
export function BloqueadosWidget() {
  return (
    <Loaded q={useAdministracao()}>
      {(d) => (
        <ShortList
          label="Bloqueados agora"
          total={d.usuariosBloqueados.length}
          alert
          rows={d.usuariosBloqueados.map((u) => ({
            key: u.id,
            primary: u.name,
            secondary: `${u.email} · até ${formatDateTime(u.lockoutUntil)}`,
          }))}
          empty="Nenhum usuário bloqueado."
          to="/configuracoes/usuarios"
          linkText="Gerenciar usuários"
        />
      )}
    </Loaded>
  );
}

/** 'Tarefas com Falha': the municipality's background jobs that failed (exports, reports, imports…). */
export function FalhasWidget() {
  return (
    <Loaded q={useAdministracao()}>
      {(d) => (
        <ShortList
          label="Com falha"
          total={d.tarefasComFalha}
          alert
          rows={d.falhas.map((f) => ({
            key: f.id,
            primary: f.title,
            secondary: [f.ownerName, f.finishedAt ? formatDateTime(f.finishedAt) : null, f.error]
              .filter(Boolean)
              .join(' · '),
          }))}
          empty="Nenhuma tarefa com falha."
          to="/downloads"
          linkText="Ir para downloads"
        />
      )}
    </Loaded>
  );
}
