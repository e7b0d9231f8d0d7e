import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  TRANSFER_LIMITS,
  TRANSFER_MSG,
  TRANSFER_STATUS_LABELS,
  formatDateTime,
  missingRejectionReason,
  type TransferDecision,
  type Transferencia,
} from '@tombo/shared';
import { ApiError } from '../../lib/http';
import { useLiveEvent } from '../../lib/liveBus';
import { toast } from '../../lib/toast';
import { decideTransfer } from './api';
import { TransferStatusChip, TransferTypeChip } from './chips';
import { transferKeys } from './keys';
import { patchTransfer } from './live';
import { destinationOf } from './list';

interface Props {
  transfer: Transferencia | null;
  /** The decision the person clicked in the list, highlighted here. */
  intent: TransferDecision | null;
  canDecide: boolean;
  onClose: () => void;
}

/**
 * A request's fields (spec §3) and, for admin and supervisor while it is pending, the decision with an
 * comment (required to reject: the requester is told why). A decision taken meanwhile by someone else shows at once and closes the buttons.
 */
export function TransferDetailDialog({ transfer, intent, canDecide, onClose }: Props) {
  const qc = useQueryClient();
  const phone = useMediaQuery('(max-width:767.98px)');
  const [current, setCurrent] = useState<Transferencia | null>(transfer);
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [commentError, setCommentError] = useState<string | null>(null);
  const commentRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    setCurrent(transfer);
    setComment('');
    setProblem(null);
    setCommentError(null);
  }, [transfer]);
  useLiveEvent('transferencia.updated', (e) => {
    setCurrent((c) => (c && e.data.id === c.id && e.data.version > c.version ? e.data : c));
  });

  const decide = useMutation({
    mutationFn: (status: TransferDecision) =>
      decideTransfer(current!.id, { status, comentariosAprovador: comment.trim() || null, version: current!.version }),
    onSuccess: (r, status) => {
      patchTransfer(qc, r.transferencia);
      toast.success(TRANSFER_MSG.decided(status));
      onClose();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 422 && err.fields?.comentariosAprovador) {
        setCommentError(err.fields.comentariosAprovador);
        commentRef.current?.focus();
      } else if (err instanceof ApiError && (err.status === 409 || err.status === 404)) {
        setProblem(err.message);
        void qc.invalidateQueries({ queryKey: transferKeys.all });
      } else toast.fromError(err);
    },
  });
  if (!current) return null;
  const t = current;
  /** Rejecting needs the reason first (the same rule the server answers with 422). */
  const submit = (status: TransferDecision) => {
    const missing = missingRejectionReason({ status, comentariosAprovador: comment });
    setCommentError(missing);
    if (missing) return commentRef.current?.focus();
    decide.mutate(status);
  };
  const pending = t.status === 'pendente';
  const busy = decide.isPending;
  const rows: Array<[string, ReactNode]> = [
    [
      'Bem',
      <>
        <Link component={RouterLink} to={`/bens-cadastrados/ver/${t.patrimonioId}`} sx={{ fontWeight: 600 }}>
          {t.numeroPatrimonio}
        </Link>{' '}
        — {t.descricaoBem}
      </>,
    ],
    ['Tipo', <TransferTypeChip type={t.type} />],
    ['Status', <TransferStatusChip status={t.status} />],
    ['Setor de origem', t.setorOrigem],
    [t.type === 'doacao' ? 'Destinatário' : 'Setor de destino', destinationOf(t).replace(/^Doação a /, '')],
    ['Motivo', t.motivo],
    ['Solicitante', t.solicitanteNome],
    ['Data da solicitação', formatDateTime(t.dataSolicitacao)],
    ...(pending
      ? []
      : ([
          [t.status === 'aprovada' ? 'Aprovada por' : 'Rejeitada por', t.aprovadorNome ?? '—'],
          ['Data da decisão', t.dataAprovacao ? formatDateTime(t.dataAprovacao) : '—'],
          ['Comentários do aprovador', t.comentariosAprovador || '—'],
        ] as Array<[string, ReactNode]>)),
  ];
  const decidedElsewhere = !pending && transfer?.status === 'pendente';

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="transfer-detail-title"
      maxWidth="sm"
      fullWidth
      fullScreen={phone}
    >
      <DialogTitle id="transfer-detail-title">
        {t.type === 'doacao' ? 'Solicitação de doação' : 'Solicitação de transferência'}
      </DialogTitle>
      <DialogContent>
        {decidedElsewhere && (
          <Alert severity="info" sx={{ mb: 2 }} role="alert">
            Esta solicitação acabou de ser {TRANSFER_STATUS_LABELS[t.status].toLowerCase()} por {t.aprovadorNome}.
          </Alert>
        )}
        {problem && !decidedElsewhere && (
          <Alert severity="warning" sx={{ mb: 2 }} role="alert">
            {problem}
          </Alert>
        )}
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, columnGap: 2, rowGap: 1 }}
        >
          {rows.map(([k, v]) => (
            <Box key={k} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {k}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {v}
              </Typography>
            </Box>
          ))}
        </Box>
        {pending && canDecide && (
          <TextField
            id="transfer-comentarios"
            label="Comentário (obrigatório para rejeitar)"
            inputRef={commentRef}
            autoFocus={intent === 'rejeitada'}
            error={!!commentError}
            helperText={commentError ?? 'Ao rejeitar, diga o motivo: quem pediu recebe este texto.'}
            fullWidth
            multiline
            minRows={2}
            sx={{ mt: 3 }}
            value={comment}
            onChange={(e) => {
              setComment(e.target.value);
              if (commentError && e.target.value.trim()) setCommentError(null);
            }}
            disabled={busy}
            slotProps={{ htmlInput: { maxLength: TRANSFER_LIMITS.comentariosMax } }}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={busy}>
          Fechar
        </Button>
        {pending && canDecide && (
          <>
            <Button
              color="error"
              variant={intent === 'rejeitada' ? 'contained' : 'outlined'}
              disabled={busy}
              onClick={() => submit('rejeitada')}
            >
              Rejeitar
            </Button>
            <Button
              color="success"
              variant={intent === 'rejeitada' ? 'outlined' : 'contained'}
              disabled={busy}
              onClick={() => submit('aprovada')}
            >
              Aprovar
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
