import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Typography from '@mui/material/Typography';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import ArrowForward from '@mui/icons-material/ArrowForward';
import Close from '@mui/icons-material/Close';
import HomeWorkOutlined from '@mui/icons-material/HomeWorkOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import PersonOutline from '@mui/icons-material/PersonOutline';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import Search from '@mui/icons-material/Search';
import WebOutlined from '@mui/icons-material/WebOutlined';
import { BUSCA_MIN_CHARS, BUSCA_MSG, type BuscaKind } from '@tombo/shared';
import { useBusca, useDebounced } from './queries';

const ICONS: Record<BuscaKind, ReactNode> = {
  patrimonios: <Inventory2Outlined fontSize="small" />,
  imoveis: <HomeWorkOutlined fontSize="small" />,
  setores: <ApartmentOutlined fontSize="small" />,
  locais: <PlaceOutlined fontSize="small" />,
  usuarios: <PersonOutline fontSize="small" />,
  telas: <WebOutlined fontSize="small" />,
};

/** One selectable row: a result, or a group's 'see all' link. */
interface Option {
  key: string;
  href: string;
  label: string;
  sublabel: string | null;
  kind: BuscaKind;
  more?: boolean;
}

interface Props {
  open: boolean;
  onClose: () => void;
  mobile: boolean;
}

/**
 * The global search panel: an ARIA combobox (the text field) over a grouped listbox. Focus stays in
 * the field; ↑/↓ move the active option (aria-activedescendant), Enter opens it, Esc closes.
 */
export default function SearchDialog({ open, onClose, mobile }: Props) {
  const id = useId();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const q = useDebounced(text);
  const result = useBusca(q);
  const short = text.trim().length < BUSCA_MIN_CHARS;
  const groups = useMemo(() => (short ? [] : (result.data?.groups ?? [])), [short, result.data]);

  const options = useMemo(() => {
    const out: Array<{ kind: BuscaKind; label: string; count: string | null; items: Option[] }> = [];
    for (const g of groups) {
      const items: Option[] = g.items.map((i) => ({ ...i, key: `${g.kind}-${i.id}`, kind: g.kind }));
      if (g.moreHref)
        items.push({
          key: `${g.kind}-more`,
          href: g.moreHref,
          label: BUSCA_MSG.more,
          sublabel: null,
          kind: g.kind,
          more: true,
        });
      const shown = g.items.length;
      const count = g.total > shown || g.totalIsCapped ? BUSCA_MSG.shownOf(shown, g.total, g.totalIsCapped) : null;
      out.push({ kind: g.kind, label: g.label, count, items });
    }
    return out;
  }, [groups]);
  const flat = useMemo(() => options.flatMap((g) => g.items), [options]);
  const [seenFlat, setSeenFlat] = useState(flat);
  if (seenFlat !== flat) {
    setSeenFlat(flat); // new results: the first one is active again
    setActive(0);
  }
  const optionId = (o: Option) => `${id}-opt-${o.key}`;
  const activeOption = flat[Math.min(active, flat.length - 1)];

  useEffect(() => {
    if (!activeOption) return;
    document.getElementById(optionId(activeOption))?.scrollIntoView?.({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeOption]);

  const go = (o: Option | undefined) => {
    if (!o) return;
    onClose();
    void navigate(o.href);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (!flat.length) return;
    const moves: Record<string, () => number> = {
      ArrowDown: () => (active + 1) % flat.length,
      ArrowUp: () => (active - 1 + flat.length) % flat.length,
      PageDown: () => Math.min(flat.length - 1, active + 5),
      PageUp: () => Math.max(0, active - 5),
    };
    if (moves[e.key]) {
      e.preventDefault();
      setActive(moves[e.key]());
    } else if (e.key === 'Enter') {
      e.preventDefault();
      go(activeOption);
    }
  };

  const listboxId = `${id}-listbox`;
  const expanded = flat.length > 0;
  const status = short
    ? BUSCA_MSG.hint
    : result.isError
      ? BUSCA_MSG.failed
      : result.data && !result.isPlaceholderData && !flat.length
        ? BUSCA_MSG.empty(text.trim())
        : flat.length
          ? BUSCA_MSG.found(
              groups.reduce((n, g) => n + g.total, 0),
              groups.some((g) => g.totalIsCapped),
            )
          : '';

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={mobile}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${id}-title`}
      sx={{ '& .MuiDialog-container': { alignItems: mobile ? 'stretch' : 'flex-start' } }}
      slotProps={{
        paper: { sx: mobile ? {} : { mt: '10vh', maxHeight: '75vh' } },
        transition: { onEntered: () => input.current?.select() },
      }}
    >
      <Typography id={`${id}-title`} component="h2" sx={{ position: 'absolute', left: -9999 }}>
        {BUSCA_MSG.dialogTitle}
      </Typography>
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        {result.isFetching && !short ? <CircularProgress size={20} aria-hidden /> : <Search color="action" />}
        <InputBase
          inputRef={input}
          autoFocus
          fullWidth
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={BUSCA_MSG.placeholder}
          sx={{ fontSize: 17, py: 0.5 }}
          inputProps={{
            role: 'combobox',
            'aria-label': BUSCA_MSG.dialogTitle,
            'aria-autocomplete': 'list',
            'aria-expanded': expanded,
            'aria-controls': listboxId,
            'aria-activedescendant': expanded && activeOption ? optionId(activeOption) : undefined,
            maxLength: 100,
            enterKeyHint: 'go',
            autoComplete: 'off',
            spellCheck: false,
          }}
        />
        <IconButton onClick={onClose} aria-label="Fechar busca" size="small" edge="end">
          <Close />
        </IconButton>
      </Box>
      <Box sx={{ overflowY: 'auto', flex: 1 }}>
        <Box role="listbox" id={listboxId} aria-label="Resultados da busca" sx={{ py: expanded ? 1 : 0 }}>
          {options.map((g) => (
            <Box key={g.kind} role="group" aria-labelledby={`${id}-g-${g.kind}`} sx={{ pb: 1 }}>
              <Typography
                id={`${id}-g-${g.kind}`}
                role="presentation"
                variant="overline"
                color="text.secondary"
                sx={{ display: 'block', px: 2, lineHeight: 2.2 }}
              >
                {g.label}
                {g.count && ` · ${g.count}`}
              </Typography>
              {g.items.map((o) => {
                const selected = o === activeOption;
                return (
                  <Box
                    key={o.key}
                    id={optionId(o)}
                    role="option"
                    aria-selected={selected}
                    onMouseMove={() => !selected && setActive(flat.indexOf(o))}
                    onClick={() => go(o)}
                    sx={{
                      display: 'flex',
                      alignItems: 'center',
                      gap: 1.5,
                      px: 2,
                      py: 0.75,
                      mx: 1,
                      borderRadius: 1.5,
                      cursor: 'pointer',
                      bgcolor: selected ? 'action.selected' : undefined,
                      color: o.more ? 'primary.main' : undefined,
                    }}
                  >
                    <Box aria-hidden sx={{ display: 'flex', color: o.more ? 'primary.main' : 'text.secondary' }}>
                      {o.more ? <ArrowForward fontSize="small" /> : ICONS[o.kind]}
                    </Box>
                    <Box sx={{ minWidth: 0, flex: 1 }}>
                      <Typography noWrap sx={{ fontSize: 15, fontWeight: o.more ? 600 : 500 }}>
                        {o.label}
                      </Typography>
                      {o.sublabel && (
                        <Typography noWrap variant="body2" color="text.secondary">
                          {o.sublabel}
                        </Typography>
                      )}
                    </Box>
                    {selected && !mobile && (
                      <Box
                        component="kbd"
                        aria-hidden
                        sx={{ fontFamily: 'inherit', fontSize: 12, color: 'text.secondary' }}
                      >
                        Enter
                      </Box>
                    )}
                  </Box>
                );
              })}
            </Box>
          ))}
        </Box>
        <Typography
          role="status"
          aria-live="polite"
          variant="body2"
          color="text.secondary"
          sx={{
            px: 2,
            py: expanded ? 0 : 3,
            textAlign: 'center',
            ...(expanded ? { position: 'absolute', left: -9999 } : {}),
          }}
        >
          {status}
        </Typography>
      </Box>
      {!mobile && (
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ px: 2, py: 1, borderTop: 1, borderColor: 'divider', bgcolor: 'action.hover' }}
        >
          {BUSCA_MSG.keys}
        </Typography>
      )}
    </Dialog>
  );
}
