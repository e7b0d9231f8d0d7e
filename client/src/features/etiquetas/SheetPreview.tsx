import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { cellOrigin, fitScale, LayoutError, sheetGeometry, type LabelLayout, type LabelTemplate } from '@tombo/shared';
import { fmtMm } from './format';
import { LabelPreview } from './LabelPreview';
import type { LabelSample } from './sample';

/**
 * The first sheet as it will print (spec "label preview"): the page, every cell of the grid, the used
 * positions greyed, the labels from the starting position filled with the assets' values. A layout
 * that does not fit shows the very message the server answers. Clicking a free cell sets the start.
 */
export function SheetPreview({
  layout,
  template,
  samples,
  count,
  logo,
  width,
  onStart,
}: {
  layout: LabelLayout;
  template: LabelTemplate;
  samples: LabelSample[];
  count: number;
  logo: string | null;
  width: number;
  onStart: (pos: number) => void;
}) {
  let g;
  try {
    g = sheetGeometry(layout, template);
  } catch (err) {
    if (err instanceof LayoutError)
      return (
        <Alert severity="error" data-testid="layout-error">
          {err.message}
        </Alert>
      );
    throw err;
  }
  const scale = width / g.pageWidth;
  const fit = fitScale(g, template);
  const cells = Array.from({ length: g.perPage }, (_, pos) => pos);
  const sheets = Math.ceil((g.start + count) / g.perPage);
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} role="status">
        {count} {count === 1 ? 'etiqueta' : 'etiquetas'} em {sheets} {sheets === 1 ? 'folha' : 'folhas'} · etiqueta{' '}
        {fmtMm(g.labelWidth)} × {fmtMm(g.labelHeight)} mm · {g.columns} × {g.rows}
        {fit < 1 ? ` · modelo reduzido a ${Math.round(fit * 100)} %` : ''}
      </Typography>
      <Box
        role="img"
        aria-label="Pré-visualização da primeira folha"
        data-testid="sheet-preview"
        sx={{
          position: 'relative',
          width: g.pageWidth * scale,
          height: g.pageHeight * scale,
          bgcolor: '#fff',
          boxShadow: 2,
          overflow: 'hidden',
        }}
      >
        {cells.map((pos) => {
          const o = cellOrigin(g, pos);
          const used = pos < g.start;
          const i = pos - g.start;
          const filled = !used && i < count;
          return (
            <Box
              key={pos}
              title={`Posição ${pos + 1}`}
              onClick={() => onStart(pos + 1)}
              sx={{
                position: 'absolute',
                left: o.x * scale,
                top: o.y * scale,
                width: g.labelWidth * scale,
                height: g.labelHeight * scale,
                outline: '1px dashed #b0b0b0',
                bgcolor: used ? '#e0e0e0' : undefined,
                cursor: 'pointer',
                overflow: 'hidden',
              }}
            >
              {filled && samples.length > 0 && (
                <Box
                  sx={{
                    position: 'absolute',
                    left: ((g.labelWidth - template.width * fit) / 2) * scale,
                    top: ((g.labelHeight - template.height * fit) / 2) * scale,
                  }}
                >
                  <LabelPreview
                    width={template.width}
                    height={template.height}
                    elements={template.elements}
                    sample={samples[i % samples.length]}
                    logo={logo}
                    scale={scale * fit}
                  />
                </Box>
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
