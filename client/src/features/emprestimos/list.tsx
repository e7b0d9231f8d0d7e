import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatDate, type EmprestimoListItem } from '@tombo/shared';
import type { PhoneCard, RegisterColumn } from '../../components/register';
import { AssetLink } from './AssetLink';
import { LoanStatusChip } from './LoanStatusChip';
import { borrower, dueHint, estadoLabel } from './labels';

type Col = RegisterColumn<EmprestimoListItem>;
const muted = { display: 'block', color: 'text.secondary', overflow: 'hidden', textOverflow: 'ellipsis' } as const;
const line = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** What a row's buttons open. */
export interface LoanActions {
  canManage: boolean;
  onReturn: (loan: EmprestimoListItem) => void;
  onExtend: (loan: EmprestimoListItem) => void;
}

/** A value and a second, smaller line under it. */
function TwoLines({ top, bottom, alert }: { top: ReactNode; bottom?: string | null; alert?: boolean }) {
  return (
    <>
      <Box sx={line}>{top}</Box>
      {bottom && (
        <Typography variant="caption" sx={{ ...muted, ...line, ...(alert ? { color: 'error.main' } : {}) }}>
          {bottom}
        </Typography>
      )}
    </>
  );
}

const contacts = (l: EmprestimoListItem) => [l.tomadorDocumento, l.tomadorContato].filter(Boolean).join(' · ');

/** The loans' columns: the asset, who has it, when it left and is due, the status; documents one click away. */
export const loanColumns: Col[] = [
  {
    field: 'numero_patrimonio',
    header: 'Bem',
    minWidth: 220,
    sort: 'numero_patrimonio',
    text: (l) => `${l.numero_patrimonio} — ${l.descricao_bem} (${l.setor_responsavel})`,
    render: (l) => (
      <TwoLines
        top={
          <>
            <AssetLink loan={l} />
            <Typography component="span" variant="caption" color="text.secondary">
              {' · '}
              {l.setor_responsavel}
            </Typography>
          </>
        }
        bottom={l.descricao_bem}
      />
    ),
  },
  {
    field: 'tomadorNome',
    header: 'Com quem está',
    width: 182,
    sort: 'tomadorNome',
    text: (l) =>
      [l.tomadorNome, contacts(l), l.setorDestino && `Para o setor ${l.setorDestino}`].filter(Boolean).join(' · '),
    render: (l) => (
      <TwoLines
        top={<strong>{l.tomadorNome}</strong>}
        bottom={l.setorDestino ? `Para o setor ${l.setorDestino}` : contacts(l)}
      />
    ),
  },
  {
    field: 'tomadorDocumento',
    header: 'Documento',
    width: 150,
    hidden: true,
    text: (l) => l.tomadorDocumento ?? '—',
  },
  { field: 'tomadorContato', header: 'Contato', width: 170, hidden: true, text: (l) => l.tomadorContato ?? '—' },
  {
    field: 'dataEmprestimo',
    header: 'Emprestado em',
    width: 120,
    sort: 'dataEmprestimo',
    text: (l) => formatDate(l.dataEmprestimo),
    render: (l) => (
      <TwoLines top={formatDate(l.dataEmprestimo)} bottom={l.registradoPorNome ? `por ${l.registradoPorNome}` : null} />
    ),
  },
  {
    field: 'dataPrevistaDevolucao',
    header: 'Devolução prevista',
    width: 152,
    sort: 'dataPrevistaDevolucao',
    text: (l) => formatDate(l.dataPrevistaDevolucao),
    render: (l) => (
      <TwoLines top={formatDate(l.dataPrevistaDevolucao)} bottom={dueHint(l)} alert={l.status === 'atrasado'} />
    ),
  },
  {
    field: 'status',
    header: 'Situação',
    width: 104,
    text: (l) => l.status,
    render: (l) => <LoanStatusChip status={l.status} />,
  },
  {
    field: 'dataDevolucao',
    header: 'Devolvido em',
    width: 120,
    sort: 'dataDevolucao',
    hidden: true,
    text: (l) => (l.dataDevolucao ? formatDate(l.dataDevolucao) : '—'),
  },
];

function LoanButtons({ l, a, full }: { l: EmprestimoListItem; a: LoanActions; full?: boolean }) {
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        fullWidth={full}
        onClick={() => a.onReturn(l)}
        aria-label={`Registrar devolução do bem ${l.numero_patrimonio}`}
      >
        Registrar devolução
      </Button>
      <Button
        size="small"
        fullWidth={full}
        sx={full ? undefined : { ml: 1 }}
        onClick={() => a.onExtend(l)}
        aria-label={`Prorrogar o empréstimo do bem ${l.numero_patrimonio}`}
      >
        Prorrogar
      </Button>
    </>
  );
}

/** The row's last cell: the return (date and state) once back, else the buttons of those who manage loans. */
export const loanActions = (a: LoanActions) =>
  function LoanRowActions(l: EmprestimoListItem) {
    if (l.dataDevolucao)
      return (
        <Box sx={{ py: 0.5 }}>
          <Typography variant="body2">{formatDate(l.dataDevolucao)}</Typography>
          <Typography variant="caption" sx={muted}>
            Estado: {estadoLabel(l.estadoDevolucao)}
          </Typography>
        </Box>
      );
    return a.canManage ? <LoanButtons l={l} a={a} /> : '—';
  };

/** A loan under 768 px: the asset, who has it, the dates, and the buttons below. */
export const loanCard =
  (a: LoanActions) =>
  (l: EmprestimoListItem): PhoneCard => {
    const hint = dueHint(l);
    return {
      title: l.numero_patrimonio,
      chip: <LoanStatusChip status={l.status} />,
      body: l.descricao_bem,
      meta: borrower(l),
      figure: hint && (
        <Box component="span" sx={{ color: l.status === 'atrasado' ? 'error.main' : 'text.secondary' }}>
          {hint}
        </Box>
      ),
      details: (
        <>
          {contacts(l) && <Box>{contacts(l)}</Box>}
          <Box>
            Emprestado em {formatDate(l.dataEmprestimo)} · devolução prevista {formatDate(l.dataPrevistaDevolucao)}
          </Box>
          {l.dataDevolucao && (
            <Box>
              Devolvido em {formatDate(l.dataDevolucao)} · estado: {estadoLabel(l.estadoDevolucao)}
            </Box>
          )}
        </>
      ),
      actions: a.canManage && !l.dataDevolucao ? <LoanButtons l={l} a={a} full /> : undefined,
      ariaLabel: `Bem ${l.numero_patrimonio}: ${l.descricao_bem}, com ${borrower(l)}`,
    };
  };
