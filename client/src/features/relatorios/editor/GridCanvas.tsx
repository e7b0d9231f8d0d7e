import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { REPORT_BLOCK_LABELS, REPORT_GRID_COLUMNS, type ReportBlock } from '@tombo/shared';

export const ROW_PX = 32;
const COLS = REPORT_GRID_COLUMNS;

type Rect = Pick<ReportBlock, 'x' | 'y' | 'w' | 'h'>;
const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** Clamps a rectangle into the grid (12 columns, rows from 0). */
export function clampRect(r: Rect): Rect {
  const w = Math.min(Math.max(1, r.w), COLS);
  const h = Math.min(Math.max(1, r.h), 60);
  return { w, h, x: Math.min(Math.max(0, r.x), COLS - w), y: Math.min(Math.max(0, r.y), 200) };
}

/** Whether `r` fits beside the other blocks (no overlap). */
export const fits = (blocks: readonly ReportBlock[], id: string, r: Rect) =>
  blocks.every((b) => b.id === id || !overlaps(b, r));

interface Props {
  blocks: ReportBlock[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  onChange: (id: string, rect: Rect) => void;
}

const TYPE_COLORS: Record<ReportBlock['type'], string> = {
  HEADER: '#1f4e79',
  TABLE: '#2e7d32',
  FOOTER: '#6d4c41',
  TEXT: '#8e24aa',
  CHART: '#ef6c00',
};

/**
 * The layout grid: blocks dragged (pointer) and resized (corner handle), snapped to 12 columns and rows.
 * Keyboard: Tab to a block, arrows move it, Shift + arrows resize it (a move onto another block is refused).
 */
export function GridCanvas({ blocks, selectedId, onSelect, onChange }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{
    id: string;
    mode: 'move' | 'resize';
    sx: number;
    sy: number;
    start: Rect;
    rect: Rect;
  } | null>(null);
  const rows = Math.max(...blocks.map((b) => b.y + b.h), 0) + 3;
  const colW = () => (ref.current?.clientWidth ?? 600) / COLS;

  const begin = (e: PointerEvent, b: ReportBlock, mode: 'move' | 'resize') => {
    e.stopPropagation();
    (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
    onSelect(b.id);
    const start = { x: b.x, y: b.y, w: b.w, h: b.h };
    setDrag({ id: b.id, mode, sx: e.clientX, sy: e.clientY, start, rect: start });
  };
  const move = (e: PointerEvent) => {
    if (!drag) return;
    const dc = Math.round((e.clientX - drag.sx) / colW());
    const dr = Math.round((e.clientY - drag.sy) / ROW_PX);
    const s = drag.start;
    const rect = clampRect(
      drag.mode === 'move' ? { ...s, x: s.x + dc, y: s.y + dr } : { ...s, w: s.w + dc, h: s.h + dr },
    );
    setDrag({ ...drag, rect });
  };
  const end = () => {
    if (drag && fits(blocks, drag.id, drag.rect)) onChange(drag.id, drag.rect);
    setDrag(null);
  };
  const key = (e: KeyboardEvent, b: ReportBlock) => {
    const d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onSelect(b.id);
      return;
    }
    if (!d) return;
    e.preventDefault();
    const rect = clampRect(
      e.shiftKey ? { ...b, w: b.w + d[0], h: b.h + d[1] } : { ...b, x: b.x + d[0], y: b.y + d[1] },
    );
    if (fits(blocks, b.id, rect)) onChange(b.id, rect);
  };

  return (
    <Box
      ref={ref}
      onPointerMove={move}
      onPointerUp={end}
      onPointerCancel={end}
      role="application"
      aria-label="Grade do layout (12 colunas). Setas movem o bloco; Shift + setas redimensionam."
      data-testid="layout-grid"
      sx={{
        position: 'relative',
        height: rows * ROW_PX,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        touchAction: 'none',
        backgroundImage: (t) =>
          `linear-gradient(to right, ${t.palette.divider} 1px, transparent 1px), linear-gradient(to bottom, ${t.palette.divider} 1px, transparent 1px)`,
        backgroundSize: `calc(100% / ${COLS}) ${ROW_PX}px`,
        bgcolor: 'background.paper',
        overflow: 'hidden',
      }}
    >
      {blocks.map((b) => {
        const r = drag?.id === b.id ? drag.rect : b;
        const bad = drag?.id === b.id && !fits(blocks, b.id, drag.rect);
        const selected = b.id === selectedId;
        return (
          <Box
            key={b.id}
            role="button"
            tabIndex={0}
            aria-pressed={selected}
            aria-label={`${REPORT_BLOCK_LABELS[b.type]}: coluna ${b.x + 1}, linha ${b.y + 1}, largura ${b.w}, altura ${b.h}`}
            data-testid={`block-${b.id}`}
            onPointerDown={(e) => begin(e, b, 'move')}
            onKeyDown={(e) => key(e, b)}
            onFocus={() => onSelect(b.id)}
            sx={{
              position: 'absolute',
              left: `calc(${(r.x / COLS) * 100}% + 2px)`,
              top: r.y * ROW_PX + 2,
              width: `calc(${(r.w / COLS) * 100}% - 4px)`,
              height: r.h * ROW_PX - 4,
              bgcolor: TYPE_COLORS[b.type],
              opacity: bad ? 0.45 : 0.9,
              color: '#fff',
              borderRadius: 1,
              px: 0.75,
              py: r.h === 1 ? 0.25 : 0.75,
              cursor: 'move',
              outline: selected ? '3px solid' : 'none',
              outlineColor: 'warning.main',
              outlineOffset: 1,
              overflow: 'hidden',
              userSelect: 'none',
              '&:focus-visible': { outline: '3px solid', outlineColor: 'warning.light' },
            }}
          >
            <Typography variant="caption" sx={{ fontWeight: 700, display: 'block', lineHeight: 1.2 }} noWrap>
              {REPORT_BLOCK_LABELS[b.type]}
              {r.h === 1 && ` · ${b.props.content || `${r.w}×${r.h}`}`}
            </Typography>
            {r.h > 1 && (
              <Typography variant="caption" sx={{ display: 'block', opacity: 0.9, lineHeight: 1.2 }} noWrap>
                {b.props.content || `${r.w}×${r.h}`}
              </Typography>
            )}
            <Box
              aria-hidden
              onPointerDown={(e) => begin(e, b, 'resize')}
              sx={{
                position: 'absolute',
                right: 0,
                bottom: 0,
                width: 16,
                height: 16,
                cursor: 'nwse-resize',
                background: 'linear-gradient(135deg, transparent 50%, rgba(255,255,255,0.9) 50%)',
              }}
            />
          </Box>
        );
      })}
    </Box>
  );
}
