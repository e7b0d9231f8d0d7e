import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import Box from '@mui/material/Box';
import AccountBalance from '@mui/icons-material/AccountBalance';
import { isNumberElement, numberFontPt, type LabelElement } from '@tombo/shared';
import type { LabelSample } from './sample';

const PT_TO_MM = 25.4 / 72;
const snap = (v: number) => Math.round(v * 2) / 2;

/** A QR code drawn in the browser (an <img> of a data URL), dark modules on white. */
function QrImage({ text }: { text: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ toDataURL }) =>
      toDataURL(text, { errorCorrectionLevel: 'M', margin: 0, width: 240 }).then((u) => live && setSrc(u)),
    );
    return () => {
      live = false;
    };
  }, [text]);
  return src ? (
    <Box component="img" src={src} alt="" sx={{ width: '100%', height: '100%', objectFit: 'contain' }} />
  ) : null;
}

/** Bars that stand for the Code 128 of the number (the printed one is the real symbol). */
function Bars({ text }: { text: string }) {
  const widths = [...text].flatMap((c) => [1 + (c.charCodeAt(0) % 3), 1 + ((c.charCodeAt(0) >> 2) % 2)]);
  return (
    <Box sx={{ display: 'flex', width: '100%', height: '100%', gap: '1px' }} aria-hidden>
      {[2, 1, 1, ...widths, 2, 1, 2].map((w, i) => (
        <Box key={i} sx={{ flex: w, bgcolor: i % 2 ? 'transparent' : '#000' }} />
      ))}
    </Box>
  );
}

export interface LabelPreviewProps {
  width: number;
  height: number;
  elements: LabelElement[];
  sample: LabelSample;
  /** Pixels per millimetre. */
  scale: number;
  logo?: string | null;
  /** Editing: the selected element, and how elements move/resize (mm). */
  selectedId?: string | null;
  onSelect?: (id: string | null) => void;
  onChange?: (id: string, patch: Partial<LabelElement>) => void;
  label?: string;
}

/**
 * One label drawn at `scale` px/mm with an asset's values: the template editor's canvas (drag to move,
 * the corner handle to resize, arrow keys move by 0,5 mm, Shift+arrow by 5 mm) and the sheet preview.
 */
export function LabelPreview(p: LabelPreviewProps) {
  const drag = useRef<{ id: string; mode: 'move' | 'resize'; x0: number; y0: number; e: LabelElement } | null>(null);
  const editable = !!p.onChange;

  const start = (ev: PointerEvent, e: LabelElement, mode: 'move' | 'resize') => {
    if (!editable) return;
    ev.stopPropagation();
    (ev.target as Element).setPointerCapture?.(ev.pointerId);
    p.onSelect?.(e.id);
    drag.current = { id: e.id, mode, x0: ev.clientX, y0: ev.clientY, e };
  };
  const move = (ev: PointerEvent) => {
    const d = drag.current;
    if (!d || !p.onChange) return;
    const dx = (ev.clientX - d.x0) / p.scale;
    const dy = (ev.clientY - d.y0) / p.scale;
    if (d.mode === 'move') {
      p.onChange(d.id, {
        x: Math.min(Math.max(0, snap(d.e.x + dx)), p.width - d.e.width),
        y: Math.min(Math.max(0, snap(d.e.y + dy)), p.height - d.e.height),
      });
    } else {
      p.onChange(d.id, {
        width: Math.min(Math.max(1, snap(d.e.width + dx)), p.width - d.e.x),
        height: Math.min(Math.max(1, snap(d.e.height + dy)), p.height - d.e.y),
      });
    }
  };
  const key = (ev: KeyboardEvent, e: LabelElement) => {
    if (!p.onChange) return;
    const step = ev.shiftKey ? 5 : 0.5;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const m = moves[ev.key];
    if (!m) return;
    ev.preventDefault();
    p.onChange(e.id, {
      x: Math.min(Math.max(0, e.x + m[0]), p.width - e.width),
      y: Math.min(Math.max(0, e.y + m[1]), p.height - e.height),
    });
  };

  return (
    <Box
      role={editable ? 'group' : 'img'}
      aria-label={p.label ?? 'Pré-visualização da etiqueta'}
      onPointerMove={move}
      onPointerUp={() => (drag.current = null)}
      onPointerDown={() => p.onSelect?.(null)}
      sx={{
        position: 'relative',
        width: p.width * p.scale,
        height: p.height * p.scale,
        bgcolor: '#fff',
        color: '#000',
        overflow: 'hidden',
        flexShrink: 0,
        outline: '1px solid',
        outlineColor: 'divider',
        touchAction: editable ? 'none' : undefined,
        fontFamily: '"DejaVu Sans", "Liberation Sans", Arial, sans-serif',
      }}
    >
      {p.elements.map((e) => {
        const selected = p.selectedId === e.id;
        const text = e.type === 'PATRIMONIO_FIELD' ? p.sample.value(e.content) : e.type === 'TEXT' ? e.content : null;
        return (
          <Box
            key={e.id}
            data-testid={`label-el-${e.id}`}
            tabIndex={editable ? 0 : undefined}
            role={editable ? 'button' : undefined}
            aria-label={editable ? `Elemento ${e.id} (${e.type}), x ${e.x} mm, y ${e.y} mm` : undefined}
            aria-pressed={editable ? selected : undefined}
            onPointerDown={(ev) => start(ev, e, 'move')}
            onKeyDown={(ev) => key(ev, e)}
            onFocus={() => editable && p.onSelect?.(e.id)}
            sx={{
              position: 'absolute',
              left: e.x * p.scale,
              top: e.y * p.scale,
              width: e.width * p.scale,
              height: e.height * p.scale,
              display: 'flex',
              alignItems: 'safe center',
              overflow: 'hidden',
              cursor: editable ? 'move' : undefined,
              outline: editable ? (selected ? '2px solid #1976d2' : '1px dashed #9e9e9e') : undefined,
              fontSize: (isNumberElement(e) ? numberFontPt(text ?? '', e) : e.fontSize) * PT_TO_MM * p.scale,
              whiteSpace: isNumberElement(e) ? 'nowrap' : undefined,
              fontWeight: e.fontWeight === 'bold' ? 700 : 400,
              lineHeight: 1.1,
            }}
          >
            {e.type === 'QRCODE' ? (
              <QrImage text={p.sample.url} />
            ) : e.type === 'BARCODE' ? (
              <Bars text={p.sample.numero} />
            ) : e.type === 'LOGO' ? (
              p.logo ? (
                <Box component="img" src={p.logo} alt="" sx={{ width: '100%', height: '100%', objectFit: 'contain' }} />
              ) : (
                <AccountBalance sx={{ width: '100%', height: '100%', color: '#555' }} />
              )
            ) : (
              <Box component="span" sx={{ width: '100%', textAlign: e.textAlign, overflowWrap: 'anywhere' }}>
                {text}
              </Box>
            )}
            {editable && selected && (
              <Box
                aria-hidden
                onPointerDown={(ev) => start(ev, e, 'resize')}
                sx={{
                  position: 'absolute',
                  right: 0,
                  bottom: 0,
                  width: 10,
                  height: 10,
                  bgcolor: '#1976d2',
                  cursor: 'nwse-resize',
                }}
              />
            )}
          </Box>
        );
      })}
    </Box>
  );
}
