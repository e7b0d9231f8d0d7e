import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  AUDIT_MSG,
  auditActionLabel,
  auditEntityLabel,
  isClientAudit,
  type AuditChange,
  type AuditLog,
} from '@tombo/shared';

/** A page of entries as a table or as cards: those that arrived live are lit; a click opens one whole. */
export interface EntriesProps {
  logs: AuditLog[];
  fresh: ReadonlySet<number>;
  onOpen: (log: AuditLog) => void;
}

/** Who did it: the author's name as it was, or 'Sistema' for scheduled work. */
export const authorOf = (log: AuditLog) => log.userName ?? AUDIT_MSG.system;

const colorOf = (action: string): ChipProps['color'] => {
  if (/(DELETE|REMOVE|WRITE_OFF|REJECT|LOCKED|OVERDUE|FAIL)$/.test(action)) return 'error';
  if (/(CREATE|ADD|UPLOAD|IMPORT|APPROVE|RETURN|SUCCESS)$/.test(action)) return 'success';
  if (/(UPDATE|MOVE|ACTIVATE|REORDER|UNLOCK|RESET|CHANGE)$/.test(action)) return 'primary';
  return 'default';
};

/** The action in pt-BR; a browser-reported entry is marked as such. */
export function ActionChip({ action }: { action: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5 }}>
      <Chip size="small" variant="outlined" color={colorOf(action)} label={auditActionLabel(action)} />
      {isClientAudit(action) && (
        <Chip size="small" color="info" variant="outlined" label={AUDIT_MSG.browser} title={AUDIT_MSG.browserHint} />
      )}
    </Box>
  );
}

/** The record's own name or number (the asset's number links to its page), under its kind. */
export function RecordLabel({ log, inline = false }: { log: AuditLog; inline?: boolean }) {
  const name = log.entityLabel ?? (log.entityId ? `nº ${log.entityId}` : null);
  const kind = auditEntityLabel(log.entityType);
  const label = log.link ? (
    <Link component={RouterLink} to={log.link} onClick={(e) => e.stopPropagation()} sx={{ fontWeight: 600 }}>
      {name}
    </Link>
  ) : (
    <Box component="span" sx={{ fontWeight: 600 }}>
      {name}
    </Box>
  );
  if (inline)
    return (
      <span>
        {kind}
        {name && ' '}
        {name && label}
      </span>
    );
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {kind}
      </Typography>
      {name && (
        <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
          {label}
        </Typography>
      )}
    </Box>
  );
}

/** 'Valor de Aquisição: R$ 100,00 → R$ 3.100,00' (only the new value of a creation, the old one of a removal). */
export function ChangeLine({ change }: { change: AuditChange }) {
  return (
    <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
      <Box component="span" sx={{ fontWeight: 600 }}>
        {change.label}:
      </Box>{' '}
      {change.from != null && change.to != null ? (
        <>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {change.from}
          </Box>
          {' → '}
          {change.to}
        </>
      ) : (
        (change.to ?? change.from)
      )}
    </Box>
  );
}

/** The first changes of an entry (or its text), for a row or a card; the drawer shows everything. */
export function ChangesSummary({ log, max = 3, onMore }: { log: AuditLog; max?: number; onMore?: () => void }) {
  if (!log.changes.length) {
    if (!log.details || log.details.trimStart().startsWith('{')) return null;
    return (
      <Typography
        variant="body2"
        sx={{
          overflowWrap: 'anywhere',
          display: '-webkit-box',
          WebkitLineClamp: 3,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
        }}
      >
        {log.details}
      </Typography>
    );
  }
  const more = log.changes.length - max;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, typography: 'body2' }}>
      {log.changes.slice(0, max).map((c) => (
        <li key={c.field}>
          <ChangeLine change={c} />
        </li>
      ))}
      {more > 0 && (
        <Box component="li" sx={{ color: 'primary.main', fontWeight: 600 }}>
          {onMore ? (
            <Link
              component="button"
              type="button"
              onClick={(e) => {
                e.stopPropagation();
                onMore();
              }}
              sx={{ fontWeight: 600, verticalAlign: 'baseline' }}
            >
              e mais {more} {more === 1 ? 'alteração' : 'alterações'}
            </Link>
          ) : (
            <>
              e mais {more} {more === 1 ? 'alteração' : 'alterações'}
            </>
          )}
        </Box>
      )}
    </Box>
  );
}

/** Whether an entry's values or text are longer than a row shows well (the drawer is worth opening). */
export const isLong = (log: AuditLog) =>
  log.changes.some((c) => (c.from?.length ?? 0) + (c.to?.length ?? 0) > 120) ||
  (!log.changes.length && (log.details?.length ?? 0) > 160);
