import Avatar from '@mui/material/Avatar';
import { resolveImageUrl } from '../lib/images';

/** Initials of a name for avatar fallbacks ('Maria da Silva' → 'MS'). */
export function initials(name: string | null | undefined): string {
  const parts = (name ?? '')
    .trim()
    .split(/\s+/)
    .filter((p) => p.length > 2 || /^[A-ZÀ-Ý]/.test(p));
  if (parts.length === 0) return '?';
  const first = parts[0][0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1][0] ?? '') : '';
  return (first + last).toUpperCase();
}

interface Props {
  name: string;
  avatarUrl?: string | null;
  size?: number;
}

/** The image is ignored when avatarUrl is empty or contains 'placeholder'; initials are the fallback. */
export function UserAvatar({ name, avatarUrl, size = 36 }: Props) {
  const usable = !!avatarUrl && avatarUrl.trim() !== '' && !avatarUrl.includes('placeholder');
  return (
    <Avatar
      src={usable ? resolveImageUrl(avatarUrl) : undefined}
      alt={name}
      sx={{ width: size, height: size, fontSize: size * 0.4, bgcolor: 'primary.main', color: 'primary.contrastText' }}
    >
      {initials(name)}
    </Avatar>
  );
}
