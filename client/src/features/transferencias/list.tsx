import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { formatDateTime, type TransferDecision, type Transferencia } from '@tombo/shared';
import type { PhoneCard, RegisterColumn } from '../../components/register';
import { TransferStatusChip, TransferTypeChip } from './chips';

type Col = RegisterColumn<Transferencia>;

/** Where the asset goes: the destination sector (and location) or the donation's recipient. */
export const destinationOf = (t: Transferencia) =>
  t.type === 'doacao'
    ? `Doação a ${t.destinatario ?? '—'}`
    : `${t.setorDestino ?? '—'}${t.localDestino ? ` · ${t.localDestino}` : ''}`;

/** Who decided and when (null while pending). */
const decidedLine = (t: Transferencia) =>
  t.status === 'pendente'
    ? null
    : `${t.aprovadorNome ?? '—'} em ${t.dataAprovacao ? formatDateTime(t.dataAprovacao) : '—'}`;

const line = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

function TwoLines({ top, bottom }: { top: ReactNode; bottom?: string | null }) {
  return (
    <>
      <Box sx={line}>{top}</Box>
      {bottom && (
        <Typography variant="caption" color="text.secondary" component="div" sx={line}>
          {bottom}
        </Typography>
      )}
    </>
  );
}

/** The requests' columns: when and who, the asset, the kind, where it goes, the status; the reason one click away. */
export const transferColumns: Col[] = [
  {
    field: 'dataSolicitacao',
    header: 'Solicitação',
    width: 140,
    text: (t) => `${formatDateTime(t.dataSolicitacao)} · ${t.solicitanteNome}`,
    render: (t) => <TwoLines top={formatDateTime(t.dataSolicitacao)} bottom={t.solicitanteNome} />,
  },
  {
    field: 'numeroPatrimonio',
    header: 'Bem',
    width: 190,
    text: (t) => `${t.numeroPatrimonio} — ${t.descricaoBem}`,
    render: (t) => (
      <TwoLines
        top={
          <Link component={RouterLink} to={`/bens-cadastrados/ver/${t.patrimonioId}`} sx={{ fontWeight: 600 }}>
            {t.numeroPatrimonio}
          </Link>
        }
        bottom={t.descricaoBem}
      />
    ),
  },
  { field: 'type', header: 'Tipo', width: 116, text: (t) => t.type, render: (t) => <TransferTypeChip type={t.type} /> },
  {
    field: 'destino',
    header: 'Origem → Destino',
    minWidth: 180,
    lines: 2,
    text: (t) => `${t.setorOrigem} → ${destinationOf(t)}`,
  },
  { field: 'motivo', header: 'Motivo', width: 240, hidden: true, lines: 2, text: (t) => t.motivo },
  {
    field: 'status',
    header: 'Status',
    width: 150,
    text: (t) => t.status,
    render: (t) => <TwoLines top={<TransferStatusChip status={t.status} />} bottom={decidedLine(t)} />,
  },
];

/** Approve and reject, on pending requests, for admins and supervisors. */
export interface TransferActions {
  onOpen: (t: Transferencia) => void;
  onDecide?: (t: Transferencia, decision: TransferDecision) => void;
}

function DecideButtons({ t, onDecide }: { t: Transferencia; onDecide: NonNullable<TransferActions['onDecide']> }) {
  return (
    <>
      <Button size="small" color="success" variant="contained" onClick={() => onDecide(t, 'aprovada')}>
        Aprovar
      </Button>
      <Button size="small" color="error" variant="outlined" onClick={() => onDecide(t, 'rejeitada')}>
        Rejeitar
      </Button>
    </>
  );
}

/** A row's actions: approve / reject while pending, and the details. */
export const transferActions = (a: TransferActions) =>
  function TransferRowActions(t: Transferencia) {
    return (
      <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
        {a.onDecide && t.status === 'pendente' && <DecideButtons t={t} onDecide={a.onDecide} />}
        <Tooltip title="Detalhes">
          <IconButton size="small" aria-label="Detalhes" onClick={() => a.onOpen(t)}>
            <InfoOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    );
  };

/** A request under 768 px: the card opens its details; approve / reject below it. */
export const transferCard =
  (a: TransferActions) =>
  (t: Transferencia): PhoneCard => ({
    title: t.numeroPatrimonio,
    chip: <TransferStatusChip status={t.status} />,
    body: t.descricaoBem,
    meta: `${t.setorOrigem} → ${destinationOf(t)}`,
    figure: <TransferTypeChip type={t.type} />,
    details: (
      <>
        {t.solicitanteNome} em {formatDateTime(t.dataSolicitacao)}
        {decidedLine(t) && <> · decidida por {decidedLine(t)}</>}
      </>
    ),
    actions: a.onDecide && t.status === 'pendente' ? <DecideButtons t={t} onDecide={a.onDecide} /> : undefined,
    ariaLabel: `Solicitação do bem ${t.numeroPatrimonio}`,
  });
