import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import {
  FICHA_FIELDS,
  FICHA_SECTION_LABELS,
  FICHA_SECTIONS,
  fichaCustomValue,
  fichaFieldValue,
  formatDateTime,
  publicAssetPath,
  type FichaTemplateInput,
  type Patrimonio,
} from '@tombo/shared';
import { http } from '../../lib/http';
import { useFormFields } from '../catalogs';

/** The asset's first photo as an object URL (fetched with the Bearer header). */
function usePhoto(asset: Patrimonio | null, enabled: boolean) {
  const url = asset?.fotos[0]?.url.replace(/^\/api(?=\/)/, '');
  const { data } = useQuery({
    queryKey: ['ficha-preview-photo', url],
    enabled: enabled && !!url,
    staleTime: 5 * 60_000,
    queryFn: async () => URL.createObjectURL((await http.download(url!)).blob),
  });
  return enabled ? (data ?? null) : null;
}

/** The asset's public page as a QR code (SVG markup), like the printed one. */
function useQrSvg(text: string | null) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    if (!text) return setSvg(null);
    let alive = true;
    void import('qrcode').then((QR) =>
      QR.toString(text, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' }).then((s) => alive && setSvg(s)),
    );
    return () => {
      alive = false;
    };
  }, [text]);
  return svg;
}

const label = { fontWeight: 700, color: 'text.secondary', fontSize: 13 } as const;

/**
 * The editor's live preview: an A4-like page with the template applied to a real asset (the server's
 * PDF has the same sections, labels and values; the branding header is drawn there).
 */
export function FichaPreview({ template, asset }: { template: FichaTemplateInput; asset: Patrimonio | null }) {
  const photo = usePhoto(asset, !!template.showPhoto);
  const formFields = useFormFields().data ?? [];
  const qr = useQrSvg(
    template.showQr && asset
      ? window.location.origin + publicAssetPath(asset.numero_patrimonio, asset.municipalityId)
      : null,
  );
  if (!asset)
    return (
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography color="text.secondary">Cadastre um bem para ver a prévia da ficha.</Typography>
      </Paper>
    );
  const fields = template.fields ?? [];
  const labels = new Map(formFields.map((f) => [f.key, f.label]));
  const custom = Object.entries(asset.customFields ?? {}).filter(([, v]) => v != null && v !== '');
  const history = asset.historico_movimentacao.slice(0, template.historyLimit ?? 10);
  return (
    <Paper
      variant="outlined"
      aria-label="Prévia da ficha"
      data-testid="ficha-preview"
      sx={{
        p: 3,
        bgcolor: '#fff',
        color: '#1b1b1b',
        aspectRatio: { md: '210 / 297' },
        overflow: 'hidden',
        fontSize: 13,
      }}
    >
      <Box sx={{ borderBottom: '2px solid #1f4e79', pb: 1, mb: 2 }}>
        <Typography sx={{ color: '#1f4e79', fontWeight: 700, fontSize: 13 }}>Prefeitura Municipal</Typography>
        <Typography sx={{ fontSize: 18, fontWeight: 700 }}>Ficha Patrimonial — {asset.numero_patrimonio}</Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {FICHA_SECTIONS.map((s) => {
            const list = fields.filter((f) => FICHA_FIELDS[f].section === s);
            if (!list.length) return null;
            return (
              <Box key={s} sx={{ mb: 1.5 }}>
                <Typography sx={{ color: '#1f4e79', fontWeight: 700, borderBottom: '1px solid #ccc', mb: 0.5 }}>
                  {FICHA_SECTION_LABELS[s]}
                </Typography>
                <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(110px, 40%) 1fr', gap: '2px 8px' }}>
                  {list.map((f) => (
                    <Box key={f} sx={{ display: 'contents' }}>
                      <Box sx={label}>{FICHA_FIELDS[f].label}</Box>
                      <Box sx={{ overflowWrap: 'anywhere' }}>{fichaFieldValue(asset, f)}</Box>
                    </Box>
                  ))}
                </Box>
              </Box>
            );
          })}
          {template.showCustomFields && custom.length > 0 && (
            <Box sx={{ mb: 1.5 }}>
              <Typography sx={{ color: '#1f4e79', fontWeight: 700, borderBottom: '1px solid #ccc', mb: 0.5 }}>
                Campos personalizados
              </Typography>
              {custom.map(([k, v]) => (
                <Box key={k} sx={{ display: 'flex', gap: 1 }}>
                  <Box sx={label}>{labels.get(k) ?? k}</Box>
                  <Box>{fichaCustomValue(v)}</Box>
                </Box>
              ))}
            </Box>
          )}
        </Box>
        {(template.showPhoto || template.showQr) && (
          <Box sx={{ width: 120, display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'center' }}>
            {template.showPhoto &&
              (photo ? (
                <Box
                  component="img"
                  src={photo}
                  alt="Foto do bem"
                  sx={{ maxWidth: 120, maxHeight: 120, border: '1px solid #ccc' }}
                />
              ) : (
                <Box
                  sx={{
                    width: 110,
                    height: 80,
                    border: '1px dashed #aaa',
                    display: 'grid',
                    placeItems: 'center',
                    fontSize: 11,
                  }}
                >
                  Sem foto
                </Box>
              ))}
            {template.showQr && qr && (
              <Box
                aria-label="QR code da consulta pública"
                role="img"
                sx={{ width: 90, height: 90, '& svg': { width: '100%', height: '100%' } }}
                dangerouslySetInnerHTML={{ __html: qr }}
              />
            )}
          </Box>
        )}
      </Box>
      {template.showHistory && (
        <Box sx={{ mt: 1 }}>
          <Typography sx={{ color: '#1f4e79', fontWeight: 700, borderBottom: '1px solid #ccc', mb: 0.5 }}>
            Histórico de movimentações
          </Typography>
          {history.length ? (
            history.map((h) => (
              <Typography key={h.id} sx={{ fontSize: 12 }}>
                {formatDateTime(h.date)} — {h.action}: {h.details}
              </Typography>
            ))
          ) : (
            <Typography sx={{ fontSize: 12, fontStyle: 'italic' }}>Nenhuma movimentação registrada.</Typography>
          )}
        </Box>
      )}
      {(template.signatures ?? []).length > 0 && (
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 4, mt: 5 }}>
          {(template.signatures ?? []).map((s, i) => (
            <Box key={i} sx={{ borderTop: '1px solid #1b1b1b', textAlign: 'center', pt: 0.5, fontSize: 12 }}>
              {s}
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
