import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import { toast } from '../../lib/toast';
import { JobProgressPanel } from '../downloads';
import { requestFicha } from './api';
import { useFichaTemplates } from './queries';

/**
 * "Imprimir ficha" on the asset view, "Imprimir fichas (N)" for the rows ticked on the assets list: pick
 * a template (the default preselected), queue the PDF (`ficha.generate`, one page per asset), follow its
 * progress and download it — the same job panel as every export.
 */
export function PrintFichaButton({ patrimonioIds }: { patrimonioIds: readonly number[] }) {
  const many = patrimonioIds.length > 1;
  const [open, setOpen] = useState(false);
  const [templateId, setTemplateId] = useState<number | ''>('');
  const [jobId, setJobId] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const { data: templates = [] } = useFichaTemplates();
  const chosen: number | '' =
    templateId === '' ? (templates.find((t) => t.isDefault)?.id ?? templates[0]?.id ?? '') : templateId;

  const ask = async () => {
    setAsking(true);
    try {
      const assets = many ? { patrimonioIds: [...patrimonioIds] } : { patrimonioId: patrimonioIds[0] };
      const job = await requestFicha({ ...assets, ...(typeof chosen === 'number' ? { templateId: chosen } : {}) });
      setJobId(job.id);
    } catch (err) {
      toast.fromError(err);
    } finally {
      setAsking(false);
    }
  };
  const close = () => {
    setOpen(false);
    setJobId(null);
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<PrintOutlined />}
        onClick={() => setOpen(true)}
        disabled={patrimonioIds.length === 0}
      >
        {many ? `Imprimir fichas (${patrimonioIds.length})` : 'Imprimir ficha'}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby="imprimir-ficha-title" maxWidth="sm" fullWidth>
        <DialogTitle id="imprimir-ficha-title">
          {many ? `Imprimir fichas (${patrimonioIds.length} bens)` : 'Imprimir ficha'}
        </DialogTitle>
        <DialogContent>
          <TextField
            select
            fullWidth
            label="Modelo de ficha"
            value={chosen}
            onChange={(e) => setTemplateId(Number(e.target.value))}
            sx={{ mt: 1, mb: 2 }}
            disabled={!!jobId}
          >
            {templates.map((t) => (
              <MenuItem key={t.id} value={t.id}>
                {t.name}
                {t.isDefault ? ' (padrão)' : ''}
              </MenuItem>
            ))}
          </TextField>
          {jobId && (
            <JobProgressPanel
              jobId={jobId}
              title={many ? 'Fichas patrimoniais' : 'Ficha patrimonial'}
              onClose={() => setJobId(null)}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Fechar</Button>
          <Button
            variant="contained"
            startIcon={<PrintOutlined />}
            onClick={() => void ask()}
            disabled={asking || !!jobId}
          >
            Gerar PDF
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
