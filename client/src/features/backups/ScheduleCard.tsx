import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BACKUP_MSG,
  backupSettingsBody,
  formatDateTime,
  type BackupSettings,
  type BackupSettingsInput,
} from '@tombo/shared';
import { toast } from '../../lib/toast';
import { saveBackupSettings } from './api';
import { backupKeys } from './keys';

/** The schedule: on/off, hour (Brasília), daily or weekly (Sundays), days to keep. */
export function ScheduleCard({ settings, canEdit }: { settings: BackupSettings; canEdit: boolean }) {
  const qc = useQueryClient();
  const form = useForm<BackupSettingsInput>({
    resolver: zodResolver(backupSettingsBody) as never,
    defaultValues: {
      enabled: settings.enabled,
      hour: settings.hour,
      frequency: settings.frequency,
      keepDays: settings.keepDays,
      version: settings.version,
    },
  });
  const save = useMutation({
    mutationFn: saveBackupSettings,
    onSuccess: () => {
      toast.success(BACKUP_MSG.settingsSaved);
      void qc.invalidateQueries({ queryKey: backupKeys.all });
    },
    onError: (e) => toast.fromError(e),
  });
  const err = form.formState.errors;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="form" onSubmit={form.handleSubmit((v) => save.mutate(v))}>
      <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        Backup automático
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {settings.lastRunAt ? `Última execução: ${formatDateTime(settings.lastRunAt)}.` : 'Ainda não executado.'}{' '}
        Backups mais antigos que o prazo são removidos (o mais recente é sempre mantido).
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}>
        <Controller
          name="enabled"
          control={form.control}
          render={({ field }) => (
            <FormControlLabel
              sx={{ gridColumn: '1 / -1' }}
              control={<Switch checked={field.value} onChange={(_, v) => field.onChange(v)} disabled={!canEdit} />}
              label="Ativar backup agendado"
            />
          )}
        />
        <Controller
          name="frequency"
          control={form.control}
          render={({ field }) => (
            <TextField select label="Frequência" {...field} disabled={!canEdit}>
              <MenuItem value="daily">Diário</MenuItem>
              <MenuItem value="weekly">Semanal (domingo)</MenuItem>
            </TextField>
          )}
        />
        <Controller
          name="hour"
          control={form.control}
          render={({ field }) => (
            <TextField
              select
              label="Horário"
              {...field}
              onChange={(e) => field.onChange(Number(e.target.value))}
              disabled={!canEdit}
            >
              {Array.from({ length: 24 }, (_, h) => (
                <MenuItem key={h} value={h}>
                  {String(h).padStart(2, '0')}:00
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          name="keepDays"
          control={form.control}
          render={({ field }) => (
            <TextField
              type="number"
              label="Manter por (dias)"
              {...field}
              onChange={(e) => field.onChange(e.target.value === '' ? ('' as never) : Number(e.target.value))}
              error={!!err.keepDays}
              helperText={err.keepDays?.message}
              disabled={!canEdit}
              slotProps={{ htmlInput: { min: 1, max: 3650 } }}
            />
          )}
        />
      </Box>
      {canEdit && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Salvar agendamento
          </Button>
        </Box>
      )}
    </Paper>
  );
}
