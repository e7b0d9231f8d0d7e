import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import { formatDateTime, type AuditLog } from '@tombo/shared';
import { ActionChip, RecordLabel, authorOf } from './parts';

const TITLE = 'Detalhes do registro';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ mb: 1.5 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box sx={{ typography: 'body2' }}>{children}</Box>
    </Box>
  );
}

/** An entry in full: who, when, what, on which record, and every change old → new (or its whole text). */
export function AuditDrawer({ log, onClose }: { log: AuditLog | null; onClose: () => void }) {
  return (
    <Drawer
      anchor="right"
      open={!!log}
      onClose={onClose}
      // Above the app bar (which sits over the side menu), as a dialog.
      sx={{ zIndex: (t) => t.zIndex.modal }}
      slotProps={{ paper: { sx: { width: { xs: '100vw', sm: 520 } }, role: 'dialog', 'aria-label': TITLE } }}
    >
      {log && (
        <Box sx={{ p: { xs: 2, sm: 3 } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', mb: 2 }}>
            <Typography variant="h2" sx={{ flex: 1, fontSize: '1.25rem' }}>
              {TITLE}
            </Typography>
            <IconButton aria-label="Fechar" onClick={onClose}>
              <Close />
            </IconButton>
          </Box>
          <Field label="Ação">
            <ActionChip action={log.action} />
          </Field>
          <Field label="Registro">
            <RecordLabel log={log} inline />
          </Field>
          <Field label="Usuário">{authorOf(log)}</Field>
          <Field label="Data e hora">{formatDateTime(log.createdAt)}</Field>
          {log.changes.length > 0 ? (
            <Table size="small" aria-label="Alterações" sx={{ mt: 1, tableLayout: 'fixed' }}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: '38%' }}>Campo</TableCell>
                  <TableCell>Antes</TableCell>
                  <TableCell>Depois</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {log.changes.map((c) => (
                  <TableRow key={c.field}>
                    <TableCell sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{c.label}</TableCell>
                    <TableCell sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>{c.from ?? '—'}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{c.to ?? '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : (
            log.details &&
            !log.details.trimStart().startsWith('{') && (
              <Field label="Detalhes">
                <Box component="p" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {log.details}
                </Box>
              </Field>
            )
          )}
        </Box>
      )}
    </Drawer>
  );
}
